# verifier.bash -- bash completion for verifier: its sub-commands, each
# one's options, claim ids (after --claims or --id, each item of a comma
# list; conj --id only the families), game names (after --game, and after
# `sequence` the games that offer one) and files (after --out and the like).
# Every word is read from the binary being completed (`--help`, `COMMAND
# --help`, `list`, `games`), so the completion cannot drift from it.
# `make install` puts this file where bash-completion loads it on demand.

# The words of one kind, from the binary $1.
_verifier_commands() {
    "$1" --help 2>/dev/null | sed -n '/^commands:$/,/^$/s/^  \([a-z][a-z-]*\)  .*/\1/p'
}
_verifier_options() {
    # The command's own options, and for the commands that take --game the
    # games' options (`verifier games` lists them as "    --name: ...").
    "$1" "$2" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*'
    case $2 in value | tree | plot | check) "$1" games 2>/dev/null | sed -n 's/^    \(--[a-z][a-z-]*\): .*/\1/p' ;; esac
}
# The games `sequence` prints (its --help lists them as "  name  ...").
_verifier_sequence_games() {
    "$1" sequence --help 2>/dev/null | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'
}
_verifier_claims() {
    "$1" list 2>/dev/null | grep -E '^[a-z]+/'
}
# The claims conj runs: the families (`list` says "proof: a family of games").
_verifier_families() {
    "$1" list 2>/dev/null | awk '/^[a-z]+\//{id=$1} /^    proof: +a family of games/{print id}'
}
_verifier_games() {
    "$1" games 2>/dev/null | grep -E '^[a-z]'
}

_verifier() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} bin=${COMP_WORDS[0]}
    COMPREPLY=()
    # The binary as typed (a path, or a name on PATH); nothing to offer
    # without one that runs.
    bin=$(type -P -- "$bin" 2>/dev/null || true)
    [ -n "$bin" ] || return 0
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$(_verifier_commands "$bin") --help --version" -- "$cur"))
        return 0
    fi
    local cmd=${COMP_WORDS[1]}
    if [ "$cmd" = sequence ]; then
        # sequence GAME, then that game's options (its own --help).
        if [ "$COMP_CWORD" -eq 2 ]; then
            COMPREPLY=($(compgen -W "$(_verifier_sequence_games "$bin")" -- "$cur"))
        elif [[ $prev == --plot ]]; then
            COMPREPLY=($(compgen -f -- "$cur"))
        elif [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$("$bin" sequence "${COMP_WORDS[2]}" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
        fi
        return 0
    fi
    case $prev in
    --claims | --id)
        # A comma list: complete its last item, keeping the ones before.
        local head="" last=$cur
        if [[ $cur == *,* ]]; then
            head=${cur%,*},
            last=${cur##*,}
        fi
        local id words
        if [ "$cmd" = conj ]; then words=$(_verifier_families "$bin"); else words=$(_verifier_claims "$bin"); fi
        for id in $(compgen -W "$words" -- "$last"); do
            COMPREPLY+=("$head$id")
        done
        return 0
        ;;
    --game)
        # gs and conj take a game code, not a registered game.
        case $cmd in gs | conj) return 0 ;; esac
        COMPREPLY=($(compgen -W "$(_verifier_games "$bin")" -- "$cur"))
        return 0
        ;;
    --out | --plot | --golden | --expect | --write-expected | --resume | --manifest | --dir)
        COMPREPLY=($(compgen -f -- "$cur"))
        return 0
        ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_verifier_options "$bin" "$cmd" | sort -u)" -- "$cur"))
    fi
    return 0
}
complete -o default -F _verifier verifier
