// i18n.js — the page in English or Simplified Chinese.  English is what
// the page's code and index.html say; zh_CN.json (built by web/i18n.py
// from po/zh_CN.po, the program's own catalogue, where the page says the
// same words as the program, and from web/zh_CN.page.json for the page's
// own words) gives the Chinese.  The language is the browser's by default
// (navigator.languages), else the one picked and remembered (localStorage).
// The library's answers — its errors, the command-line output, the
// explanations — stay as the library gives them (English).
'use strict';

const I18N = {
    lang: 'en',
    cat: {},

    // The language to start with: the one picked before, else the browser's.
    initial() {
        let saved = null;
        try { saved = localStorage.getItem('nimber-lang'); } catch (e) { /* private mode */ }
        if (saved === 'en' || saved === 'zh-CN') return saved;
        const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
        return /^zh(-(cn|hans|sg))?$/i.test(langs[0]) || /^zh-Hans/i.test(langs[0]) ? 'zh-CN' : 'en';
    },

    // Loads a language's catalogue and translates the static page.
    async use(lang, remember) {
        if (lang === 'zh-CN' && !Object.keys(this.cat).length) {
            const r = await fetch('zh_CN.json');
            this.cat = await r.json();
        }
        this.lang = lang;
        if (remember) try { localStorage.setItem('nimber-lang', lang); } catch (e) { /* private mode */ }
        document.documentElement.lang = lang === 'zh-CN' ? 'zh-CN' : 'en';
        document.body.classList.toggle('zh', lang === 'zh-CN');
        for (const n of document.querySelectorAll('[data-i18n]')) n.textContent = t(n.dataset.i18n);
        for (const [attr, key] of [['placeholder', 'i18nPlaceholder'], ['title', 'i18nTitle'], ['aria-label', 'i18nAriaLabel']])
            for (const n of document.querySelectorAll(`[data-i18n-${attr}]`)) n.setAttribute(attr, t(n.dataset[key]));
    },
};

// The text in the page's language (English when there is no translation).
function t(s) {
    return I18N.lang === 'en' ? s : (I18N.cat[s] ?? s);
}

// Marks a string for the catalogue where it is translated later (t(x)).
function N_(s) {
    return s;
}
