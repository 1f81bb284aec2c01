#!/usr/bin/env python3
"""i18n.py — builds the page's Chinese catalogue (make web): zh_CN.json.

The page's strings are found where the page says them: t('...') and N_('...') calls in
web/*.js and data-i18n* attributes in web/index.html.  Each one's
translation comes from the program's catalogue, po/zh_CN.po, when the
program says the same words (so that a translation is written once), else
from the page's own catalogue, web/zh_CN.page.json (strings only the page
says).  The build fails when a string has no translation, or when the
page's catalogue repeats a string of po/zh_CN.po (it would be a second
translation of the program's words).

    python3 web/i18n.py OUT.json
"""
import json
import os
import re
import sys

WEB = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(WEB)
# (the browser tests point these at a copy, to see the build fail)
WEB = os.environ.get('NIMBER_I18N_WEB', WEB)
PO = os.environ.get('NIMBER_I18N_PO', os.path.join(ROOT, 'po', 'zh_CN.po'))


def unquote(s):
    """A C string literal's body as text (the escapes .po files use)."""
    esc = {'n': '\n', 't': '\t', '"': '"', '\\': '\\'}
    return re.sub(r'\\(.)', lambda m: esc.get(m.group(1), m.group(0)), s)


def read_po(path):
    """msgid -> msgstr of a .po file (plain entries; fuzzy ones skipped)."""
    out = {}
    msgid = msgstr = None
    fuzzy = False
    key = None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('#,') and 'fuzzy' in line:
                fuzzy = True
            elif line.startswith('msgid '):
                if msgid is not None and msgstr and not fuzzy_prev:
                    out[msgid] = msgstr
                msgid, msgstr, key = unquote(line[7:-1]), '', 'id'
                fuzzy_prev, fuzzy = fuzzy, False
            elif line.startswith('msgstr '):
                msgstr, key = unquote(line[8:-1]), 'str'
            elif line.startswith('"') and key:
                if key == 'id':
                    msgid += unquote(line[1:-1])
                else:
                    msgstr += unquote(line[1:-1])
            elif not line.strip():
                key = None
    if msgid is not None and msgstr and not fuzzy_prev:
        out[msgid] = msgstr
    out.pop('', None)
    return out


def page_strings():
    """Every string the page translates."""
    found = set()
    for name in sorted(os.listdir(WEB)):
        path = os.path.join(WEB, name)
        if name.endswith('.js'):
            text = open(path, encoding='utf-8').read()
            for m in re.finditer(r"\b(?:t|N_)\('((?:[^'\\]|\\.)*)'\)", text):
                found.add(m.group(1).replace("\\'", "'"))
        elif name.endswith('.html'):
            text = open(path, encoding='utf-8').read()
            for m in re.finditer(r'data-i18n(?:-[a-z-]+)?="([^"]*)"', text):
                found.add(m.group(1).replace('&amp;', '&').replace('&quot;', '"'))
    return found


def main():
    po = read_po(PO)
    with open(os.path.join(WEB, 'zh_CN.page.json'), encoding='utf-8') as f:
        page = json.load(f)
    errors = []
    for k in page:
        if k in po:
            errors.append(f"web/zh_CN.page.json: '{k}' is in po/zh_CN.po: "
                          "use that translation, drop this one")
    cat = {}
    for s in sorted(page_strings()):
        if s in po:
            cat[s] = po[s]
        elif s in page:
            cat[s] = page[s]
        else:
            errors.append(f"the page says '{s}': no translation in "
                          "po/zh_CN.po or web/zh_CN.page.json")
    for k in page:
        if k not in cat and k not in po:
            errors.append(f"web/zh_CN.page.json: '{k}' is not said by the page")
    if errors:
        for e in errors:
            print('i18n.py: ' + e, file=sys.stderr)
        sys.exit(1)
    with open(sys.argv[1], 'w', encoding='utf-8') as f:
        json.dump(cat, f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
