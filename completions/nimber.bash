# bash completion for nimber — installed by `make install` into
# $(PREFIX)/share/bash-completion/completions/nimber.  Each command offers
# its own options (those its --help lists; tests/cli/newcomer.bats checks
# that every one is offered) plus the options every command takes.  Game
# names come from `nimber list`, so new games complete without editing
# this file.

# The options of COMMAND, one list (the global ones are added by _nimber).
_nimber_options() {
    case "$1" in
        solve) echo "--json --board --misere --every --max-moves --outcome --db --db-write --algorithm" ;;
        grundy) echo "--upto --json --svg --format --algorithm" ;;
        period) echo "--json --max --upto --algorithm --observed" ;;
        play) echo "--first --misere --hint --board --db --db-write" ;;
        explain) echo "--board --misere --every --db --db-write" ;;
        list) echo "--json" ;;
        calc) echo "--json --hex --" ;;
        quotient) echo "--json --upto --max-order" ;;
        genus) echo "--json --upto" ;;
        canonical) echo "--misere --json" ;;
        atlas) echo "--upto --out --format --freq --max-options --max-seconds" ;;
        db) echo "--cells --out --json" ;;
        judge|graph-dot|help) echo "" ;;
    esac
}

_nimber() {
    local cur prev cmd i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="judge solve grundy period play explain list calc graph-dot quotient genus canonical atlas db help"
    local global="--help --max-memory --progress --threads --max-nodes"
    # The command: the first word that is neither a global option nor the
    # value of one (nimber --max-memory 1G solve ...).
    cmd=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            --max-memory|--threads|--max-nodes) ((i++)) ;;
            -*) ;;
            *) cmd=${COMP_WORDS[i]}; break ;;
        esac
    done
    case "$prev" in
        --format)
            if [ "$cmd" = atlas ]; then
                COMPREPLY=($(compgen -W "jsonl json md csv" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "text json csv bfile svg" -- "$cur"))
            fi
            return ;;
        --out|--db) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --algorithm) COMPREPLY=($(compgen -W "auto direct sparse" -- "$cur")); return ;;
        --first) COMPREPLY=($(compgen -W "human computer" -- "$cur")); return ;;
        --upto|--max-moves|--max-memory|--threads|--max|--max-order|--max-nodes|--cells) COMPREPLY=(); return ;;
    esac
    if [ -z "$cmd" ]; then
        COMPREPLY=($(compgen -W "$commands $global --version" -- "$cur"))
        return
    fi
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$(_nimber_options "$cmd") $global" -- "$cur"))
        return
    fi
    case "$cmd" in
        judge)
            COMPREPLY=($(compgen -W "acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148" -- "$cur"))
            return ;;
        help)
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
            return ;;
        list|calc)
            COMPREPLY=()
            return ;;
        db)
            if [ "$prev" = db ]; then
                COMPREPLY=($(compgen -W "build info" -- "$cur"))
                return
            fi ;;
    esac
    if [[ "$cur" == graph:* || "$cur" == hackenbush:* || "$cur" == cram:* || "$cur" == poset:* || "$cur" == geography:* || "$cur" == node-kayles:* || "$cur" == arc-kayles:* || "$cur" == @* ]]; then
        compopt -o filenames 2>/dev/null
        local pre
        if [[ "$cur" == @* ]]; then pre="@"; else pre="${cur%%:*}:"; fi
        [[ "$cur" == geography:u:* ]] && pre="geography:u:"
        COMPREPLY=($(compgen -f -- "${cur#"$pre"}" | sed "s|^|$pre|"))
        return
    fi
    local games
    games=$(nimber list 2>/dev/null | awk '{print $1}' | sed 's/:.*/:/')
    COMPREPLY=($(compgen -W "$games +" -- "$cur"))
    [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == *: ]] && compopt -o nospace 2>/dev/null
}
complete -F _nimber nimber
