# bash completion for nimber — installed by `make install` into
# $(PREFIX)/share/bash-completion/completions/nimber.  Game names come from
# `nimber list`, so new games complete without editing this file.
_nimber() {
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=${COMP_WORDS[1]}
    local commands="judge solve grundy period play explain list calc graph-dot quotient genus help"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi
    case "$prev" in
        --format) COMPREPLY=($(compgen -W "text json csv bfile svg" -- "$cur")); return ;;
        --algorithm) COMPREPLY=($(compgen -W "auto direct sparse" -- "$cur")); return ;;
        --first) COMPREPLY=($(compgen -W "human computer" -- "$cur")); return ;;
        --upto|--max-moves|--max-memory|--threads|--max|--max-order) return ;;
    esac
    case "$cmd" in
        judge)
            COMPREPLY=($(compgen -W "acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148" -- "$cur"))
            return ;;
        help)
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
            return ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "--help --json --misere --max-moves --max-memory --max-order --threads --upto --format --svg --algorithm --first --hint" -- "$cur"))
        return
    fi
    if [[ "$cur" == graph:* || "$cur" == hackenbush:* || "$cur" == @* ]]; then
        compopt -o filenames 2>/dev/null
        local pre
        if [[ "$cur" == @* ]]; then pre="@"; else pre="${cur%%:*}:"; fi
        COMPREPLY=($(compgen -f -- "${cur#"$pre"}" | sed "s|^|$pre|"))
        return
    fi
    local games
    games=$(nimber list 2>/dev/null | awk '{print $1}' | sed 's/:.*/:/')
    COMPREPLY=($(compgen -W "$games +" -- "$cur"))
    [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == *: ]] && compopt -o nospace 2>/dev/null
}
complete -F _nimber nimber
