#!/usr/bin/env bash
# Tests the cyrillic-ime command as a user runs it: output, standard input mode,
# error messages on stderr and exit codes. Usage: cli_test.sh PATH_TO_cyrillic-ime
set -uo pipefail
cli=$1
cd "$(dirname "$0")/../.."
passed=0
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The default learning store, which kanji consults, is a folder of this test's own: nothing
# here reads or opens the developer's store.
export XDG_STATE_HOME=$scratch/state

source scripts/tools/expect.sh   # (the working directory is the project root)

expect "convert an argument" "こんにちわ せんせい" 0 "" -- "$cli" convert "коннитива сэнсэй"
expect "arguments are joined by spaces" "とーきょー えき" 0 "" -- "$cli" convert То:кё: эки
expect "katakana" "コーヒー、 トーキョー" 0 "" -- "$cli" convert --katakana "ко:хи:, То:кё:"
expect "explicit profile" "ほっかいどー" 0 "" -- "$cli" convert --profile rus_standard "Хоккайдо:"
expect "standard input, line by line" $'ときお、 おさか。\nわたし を\n\nend' 0 "" -- \
  bash -c "printf 'Токио, Осака.\nватаси во\n\n' | '$cli' convert; echo end"
expect "a trailing н is flushed at the end of each line" $'ほん\nかん' 0 "" -- bash -c "printf 'хон\nкан\n' | '$cli' convert"
expect "decomposed ё and й compose (issue 13)" "よこはま さい" 0 "" -- "$cli" convert "$(printf 'е\xcc\x88кохама саи\xcc\x86')"
expect "only capitals of the profile's letters fold: İ stays (issue 13)" "İか か" 0 "" -- "$cli" convert --profile romaji "$(printf '\xc4\xb0ka KA')"
expect "unknown profile" "" 64 "unknown profile klingon (known: rus_standard, srp, ukr, bel, bul, romaji)" -- "$cli" convert --profile klingon ка
# Every profile converts its documented examples, in hiragana and in katakana.
expect "srp" "きょと ふじやま せんだい こにゃく まっちゃ" 0 "" -- "$cli" convert --profile srp "Кјото Фуџијама Сендај коњаку матча"
expect "srp katakana" "ティーシャツ ファイル" 0 "" -- "$cli" convert --profile srp --katakana "ти-шацу фаиру"
expect "ukr" "ひろしま きょと よこはま かんいち にいがた" 0 "" -- "$cli" convert --profile ukr "Хірошіма Кьото Йокохама Кан'ічі Ніїґата"
expect "ukr (Bondarenko)" "いちがや ちょー まっちゃ いえやす ぜんえもん" 0 "" -- "$cli" convert --profile ukr "Ітіґая тьо: маття Ієясу Дзен'ємон"
expect "ukr katakana" "ティーシャツ チーム" 0 "" -- "$cli" convert --profile ukr --katakana "т'і-шяцу ті-му"
expect "bel" "ふくしま ちから りょかん じゅど" 0 "" -- "$cli" convert --profile bel "Фукусіма цікара р'ёкан дзюдо"
expect "bel katakana" "ティーシャツ" 0 "" -- "$cli" convert --profile bel --katakana "ты-сяцу"
expect "bul" "ひろしま みやざき ふじ きょと かんじ" 0 "" -- "$cli" convert --profile bul "Хирошима Миядзаки Фуджи Кьото канджи"
expect "bul katakana" "ティーシャツ" 0 "" -- "$cli" convert --profile bul --katakana "ти-шацу"
expect "romaji" "しんぶん おんな こんにちわ かんい まっちゃ っ ぁ ー を ぢ づ ふぁ てぃ ちぇ" 0 "" -- \
  "$cli" convert --profile romaji "shinbun onna konnichiwa kan'i matcha xtu la - wo di du fa thi che"
expect "romaji katakana" "コーヒー ティーシャツ" 0 "" -- "$cli" convert --profile romaji --katakana "ko-hi- thi-shatsu"
expect "small kana and loanwords in rus_standard" "ぁ っ ゃ ふぁ てぃ ゔ" 0 "" -- "$cli" convert "ла лцу ля фа т'и ву"
expect "unknown option" "" 64 "unknown option --fast" -- "$cli" convert --fast ка
expect "missing subcommand" "" 64 "missing subcommand" -- "$cli"
expect "profiles --id srp shows the Serbian letters" "$(printf 'srp\tSerbian (Cyrillic) · セルビア語（キリル文字） · Српски (ћирилица)\n  letters (あ)\n    1 2 3 4 5 6 7 8 9 0\n    љ њ е р т з у и о п ш ђ\n    а с д ф г х ј к л ч ћ ж\n    џ ц в б н м ー 、 。\n    {shift} {mode} {dakuten} {space} {profile} {backspace} {enter}')" 0 "" -- \
  bash -c "'$cli' profiles --id srp | head -n 7"
expect "profiles lists every layer and page" "$(printf '  letters (あ)\n  symbols 1/2 (123)\n  symbols 2/2 (#+=)')" 0 "" -- \
  bash -c "'$cli' profiles --id ukr | grep '^  [a-z]'"
expect "the first symbols page holds the Japanese punctuation" "    、 。 ？ ！ ー 〜 … ・ ： ；" 0 "" -- \
  bash -c "'$cli' profiles --id bul | sed -n 10p"
expect "profiles lists every profile" "rus_standard srp ukr bel bul romaji" 0 "" -- \
  bash -c "'$cli' profiles | grep -v '^ ' | cut -f1 | tr '\n' ' ' | sed 's/ $//'"
# Every layer and page the listing shows, of every profile, has five rows; the pages are
# counted from the listing itself, so adding one needs no edit here.
pages_with_rows() {  # one line per profile's layer page: "PROFILE HEADER: ROWS", ROWS given or counted
  "$cli" profiles | awk -v rows="${1:-}" '
    function flush() { if (header != "") print header ": " (rows != "" ? rows : n) }
    /^[^ ]/ { flush(); header = ""; profile = $1; next }
    /^  [^ ]/ { flush(); header = profile " " substr($0, 3); n = 0; next }
    /^    / { n++ }
    END { flush() }'
}
expect "every profile has a letters layer" "$("$cli" profiles | grep -c -v '^ ')" 0 "" -- \
  bash -c "'$cli' profiles | grep -c '^  letters '"
expect "every layer and page of every profile has five rows" "$(pages_with_rows 5)" 0 "" -- pages_with_rows
expect "profiles lists rows" "$(printf 'rus_standard\tRussian (Polivanov) · ロシア語（ポリワノフ式） · Русский (Поливанов)')" 0 "" -- \
  bash -c "'$cli' profiles --id rus_standard | head -n 1"
printf '{"version": 1, "profiles": [' > "$scratch/broken.json"
expect "broken profiles file" "" 65 "data rejected (profiles: $scratch/broken.json, kana engine: bundled): profiles.json: \$.profiles[0]: invalid JSON at line 1, column 29" -- "$cli" convert --profiles "$scratch/broken.json" ка
expect "missing profiles file" "" 66 "cannot read $scratch/none.json" -- "$cli" convert --profiles "$scratch/none.json" ка
expect "help" "" 0 "" -- bash -c "'$cli' --help | grep -q 'cyrillic-ime convert'"

# Every subcommand has its help: usage, options, examples and exit codes, on stdout, exit 0,
# the same with `help NAME`; every option the help lists is one the parser takes.
for command in convert kanji dictionary profiles type layout words forget version; do
  expect "$command --help: usage, examples, exit codes" "ok" 0 "" -- bash -c \
    "h=\$('$cli' $command --help) && [[ \$h == 'Usage: cyrillic-ime $command'* && \$h == *$'\nExamples:\n'* && \$h == *$'\nExit codes:\n  0   success'* ]] && echo ok"
  expect "help $command is $command --help" "" 0 "" -- bash -c "diff <('$cli' help $command) <('$cli' $command --help)"
  # In the scratch folder: an option that takes a folder (`type --store`) takes `--help` as
  # one and makes it. Standard input is empty: `kanji --store --help` then converts nothing.
  for option in $("$cli" "$command" --help | sed -n '/^Options:/,/^$/p' | grep -oE '^  --[a-z-]+' | grep -v -- --help); do
    expect "$command lists $option and takes it" "" 0 "" -- bash -c \
      "cd '$scratch' && '$cli' $command $option --help </dev/null >/dev/null 2>'$scratch/option-err' || ! grep -q 'unknown option' '$scratch/option-err'"
  done
done
expect "-h is --help" "" 0 "" -- bash -c "diff <('$cli' -h) <('$cli' --help)"
expect "help for an unknown subcommand" "" 64 "help for what? fly is not a subcommand" -- "$cli" help fly
expect "kanji's help says it uses the store and learns nothing" "" 0 "" -- bash -c "'$cli' kanji --help | tr '\n' ' ' | tr -s ' ' | grep -qF 'Converting here learns nothing. --no-store leaves the store out.'"
expect "the top-level help names the default store" "" 0 "" -- bash -c "'$cli' --help | tr '\n' ' ' | grep -qF 'by default \$XDG_STATE_HOME/cyrillic-ime, else ~/.local/state/cyrillic-ime'"
expect "type's help says what it learns" "" 0 "" -- bash -c "'$cli' type --help | grep -qF 'What is committed from the bar is learned in the store'"
# The README's "Command line" section is `cyrillic-ime --help`, word for word: options added
# to a command's spec must be documented there too.
expect "README's command-line help is the --help output" "" 0 "" -- bash -c \
  "diff <(sed -n '/^<!-- cyrillic-ime --help -->$/,/^\`\`\`$/p' README.md | sed '1,2d;\$d') <('$cli' --help)"
expect "README's exit codes are the help's" "" 0 "" -- bash -c \
  "grep -qF 'Exit codes: 0 success, 64 usage error, 65 data rejected, 66 a file or folder not readable or not writable' README.md"
expect "--version: the package version of rust_core/Cargo.toml and the ABI" \
  "cyrillic-ime $(sed -n 's/^version = "\(.*\)"$/\1/p' rust_core/Cargo.toml | head -n 1)
C ABI 1" 0 "" -- bash -c "env -u CYRILLIC_IME_DICTIONARY '$cli' --version | head -n 2"
expect "--version without a dictionary says so and still succeeds" "dictionary none: no dictionary: pass --dictionary FILE or set CYRILLIC_IME_DICTIONARY (scripts/build_dictionary.sh builds one)" 0 "" -- \
  bash -c "env -u CYRILLIC_IME_DICTIONARY '$cli' --version | sed -n 3p"
expect "unknown subcommand lists the known ones" "" 64 "unknown subcommand fly (convert, kanji, dictionary, profiles, type, layout, words, forget, version, or --help, --version)" -- "$cli" fly

# Conflicting flags name both; options that do nothing without another are errors.
expect "--katakana with --kanji" "" 64 "--katakana and --kanji cannot be used together" -- "$cli" convert --katakana --kanji ка
expect "--dictionary without --kanji" "" 64 "--dictionary needs --kanji" -- "$cli" convert --dictionary /nowhere ка
expect "--store without --kanji" "" 64 "--store needs --kanji: only the kanji conversion consults the store" -- "$cli" convert --store /nowhere ка
expect "--no-store without --kanji" "" 64 "--no-store needs --kanji" -- "$cli" convert --no-store ка
expect "kanji --store with --no-store" "" 64 "--store and --no-store cannot be used together" -- "$cli" kanji --store /nowhere --no-store か
expect "convert --kanji --store with --no-store" "" 64 "--store and --no-store cannot be used together" -- "$cli" convert --kanji --store /nowhere --no-store ка
expect "type --kana-only with --dictionary" "" 64 "--kana-only and --dictionary cannot be used together" -- "$cli" type --kana-only --dictionary /nowhere
expect "a usage error points at the subcommand's help" "" 64 "Run \`cyrillic-ime convert --help\` for usage." -- "$cli" convert --fast
expect "an option of another subcommand" "" 64 "unknown option --id for convert (its options: --profile, --katakana, --kanji, --dictionary, --store, --no-store, --profiles, --kana-engine)" -- "$cli" convert --id srp
expect "--name=value is accepted" "キョト" 0 "" -- "$cli" convert --profile=srp --katakana Кјото
expect "a flag takes no value" "" 64 "--katakana takes no value" -- "$cli" convert --katakana=yes ка
expect "profiles takes no text" "" 64 "unexpected argument srp: profiles takes only options" -- "$cli" profiles srp

# Invalid UTF-8 is converted with U+FFFD and said so, on stdin and in arguments.
expect "invalid UTF-8 on standard input" $'か\xef\xbf\xbdか' 0 "line 1 is not valid UTF-8 (from byte 5); the invalid bytes became U+FFFD" -- \
  bash -c "printf 'ка\xffка\n' | '$cli' convert"
expect "invalid UTF-8 in an argument" $'か\xef\xbf\xbd' 0 "argument 2 is not valid UTF-8 (from byte 5)" -- "$cli" convert "$(printf 'ка\xff')"
expect "valid input gives no warning" "か" 0 "" -- bash -c "'$cli' convert ка 2>&1"

# type needs a terminal (scripts/tools/terminal_test.sh types in one); layout draws key frames.
expect "type without a terminal" "" 64 "type needs a terminal" -- bash -c "echo ка | '$cli' type"
expect "type with an unknown profile" "" 64 "unknown profile klingon" -- "$cli" type --profile klingon
expect "layout summary" "rus_standard at 320.0 pt portrait: 320.0 × 230.4 pt, rows 46.1 pt, letter keys 26.2 pt (touch), narrowest key 26.2 pt" 0 "" -- \
  bash -c "'$cli' layout --width 320 | head -n 1"
# The keys of rus_standard's letters layer, counted from its profile listing.
letter_keys=$("$cli" profiles --id rus_standard | awk '/^  [^ ]/ {on = /^  letters /; next} on && /^    / {n += NF} END {print n}')
expect "layout lists every key (and the globe key) after its summary" "$((letter_keys + 2))" 0 "" -- \
  bash -c "'$cli' layout --width 375 --globe | wc -l | tr -d ' '"
expect "layout of the symbols layer" "ukr symbols page 2 at 320.0 pt portrait: 320.0 × 230.4 pt, rows 46.1 pt, letter keys 31.4 pt (touch), narrowest key 31.4 pt" 0 "" -- \
  bash -c "'$cli' layout --profile ukr --width 320 --globe --layer symbols --page 2 | head -n 1"
expect "layout with an unknown layer" "" 64 "profile srp has no layer emoji (known: letters, symbols)" -- "$cli" layout --profile srp --layer emoji
expect "layout with a page too many" "" 64 "layer symbols of profile srp has 2 pages, not 3" -- "$cli" layout --profile srp --layer symbols --page 3
expect "layout writes an SVG: a background and every key" "$((letter_keys + 1))" 0 "" -- \
  bash -c "'$cli' layout --width 375 --svg '$scratch/k.svg' >/dev/null && grep -c '<rect' '$scratch/k.svg'"
expect "layout --svg into a folder that is not there: the error, and nothing printed" "" 66 "cannot write $scratch/none/k.svg" -- \
  "$cli" layout --svg "$scratch/none/k.svg"
expect "layout with a bad width" "" 64 "--width needs a positive number of points, not wide" -- "$cli" layout --width wide
# A 12/12/7 Serbian layout (made here from the bundled profile) keeps 26 pt keys at 320 pt.
python3 - "$scratch/srp.json" <<'PY'
import json, sys
data = json.load(open("Sources/CyrillicIME/Resources/profiles.json"))
serbian = dict(data["profiles"][0], id="srp_layout_test")
serbian["rows"] = [list("1234567890"), "љ њ е р т з у и о п ш ђ".split(), "а с д ф г х ј к л ч ћ ж".split(),
                   "ѕ џ ц в б н м".split(), ["{shift}", "{mode}", "{dakuten}", "{space}", "{profile}", "{backspace}", "{enter}"]]
data["profiles"] = [data["profiles"][0], serbian]
json.dump(data, open(sys.argv[1], "w"), ensure_ascii=False)
PY
expect "Serbian 12/12/7 at 320 pt" "srp_layout_test at 320.0 pt portrait: 320.0 × 230.4 pt, rows 46.1 pt, letter keys 26.2 pt (touch), narrowest key 26.2 pt" 0 "" -- \
  bash -c "'$cli' layout --profiles '$scratch/srp.json' --profile srp_layout_test --width 320 --globe --svg '$scratch/srp.svg' | head -n 1"

# The SVGs in docs/KEYBOARD.md are what the layout command draws today.
for svg in docs/images/*.svg; do
  name=$(basename "$svg" .svg)            # PROFILE.LAYER[.PAGE], e.g. ukr.letters, rus_standard.symbols.2
  IFS=. read -r profile layer page <<<"$name"
  expect "docs/images/$name.svg is current" "" 0 "" -- bash -c \
    "'$cli' layout --profile $profile --width 320 --layer $layer --page ${page:-1} --svg '$scratch/$name.svg' >/dev/null && diff '$scratch/$name.svg' '$svg'"
done

# Your own words and forgetting, on a store of this test's own (the keyboard's learning is
# tested in terminal_test.sh).
store="$scratch/store"
expect "words list, empty" "" 0 "" -- "$cli" words --store "$store" list
expect "words add (kana)" "added ぬこ	猫	noun  (1 word in $store)" 0 "" -- "$cli" words --store "$store" add ぬこ 猫
expect "words add (Cyrillic, typed in the profile)" "added なかの	中野	noun  (2 words in $store)" 0 "" -- "$cli" words --store "$store" add накано 中野
expect "words add (Serbian)" "added きょと	京都	noun  (3 words in $store)" 0 "" -- "$cli" words --store "$store" --profile srp add Кјото 京都
expect "words add (katakana reading, kept as hiragana)" "added ねこ	猫	noun  (4 words in $store)" 0 "" -- "$cli" words --store "$store" add ネコ 猫
expect "words add, already there" "already there: ねこ	猫	noun  (4 words in $store)" 0 "" -- "$cli" words --store "$store" add ねこ 猫
expect "words list" $'きょと\t京都\tnoun\nなかの\t中野\tnoun\nぬこ\t猫\tnoun\nねこ\t猫\tnoun' 0 "" -- "$cli" words --store "$store" list
expect "words remove" "removed ねこ	猫  (3 words left)" 0 "" -- "$cli" words --store "$store" remove ネコ 猫
expect "words remove, not there" "" 64 "there is no user word \"ねこ\" → \"猫\" to remove" -- "$cli" words --store "$store" remove ねこ 猫
expect "words add, a reading that is not kana" "" 64 "reading must be kana" -- "$cli" words --store "$store" add "ab" 猫
expect "words add, a text too long" "" 64 "text is 70 characters, over the limit of 64" -- "$cli" words --store "$store" add ねこ "$(printf '猫%.0s' {1..70})"
expect "words add without TEXT" "" 64 "words add needs READING and TEXT, got 1 argument" -- "$cli" words --store "$store" add ねこ
expect "words with no action" "" 64 "words needs add READING TEXT, remove READING TEXT or list" -- "$cli" words --store "$store"
expect "words in a store that cannot be written" "" 66 "the store /proc/cyrillic-ime-store cannot be written, so nothing was changed" -- \
  "$cli" words --store /proc/cyrillic-ime-store add ねこ 猫
expect "words list in a store that cannot be written still lists (nothing)" "" 0 "" -- "$cli" words --store /proc/cyrillic-ime-store list
mkdir -p "$scratch/by-hand"
printf '# written by hand\nすし\t寿司\nうに\t雲丹\n' > "$scratch/by-hand/words.cime"
expect "a words file written by hand is read, not set aside" $'うに\t雲丹\tnoun\nすし\t寿司\tnoun' 0 "" -- bash -c \
  "'$cli' words --store '$scratch/by-hand' list 2>&1 && ! ls '$scratch/by-hand' | grep corrupt"
expect "forget --all on the store" "forgot everything learned: 0 entries ($store)" 0 "" -- "$cli" forget --store "$store" --all
expect "forget --all --words" "forgot everything learned and your words: 3 entries ($store)" 0 "" -- "$cli" forget --store "$store" --all --words
expect "…and the words are gone" "" 0 "" -- "$cli" words --store "$store" list
# Word classes (docs/LEARNING.md, "Word classes"): the core knows the names, the command
# forwards --class and prints the class; an unknown one is the core's error listing them.
expect "words add --class place" "added さっぽろ	札幌	place  (1 word in $store)" 0 "" -- "$cli" words --store "$store" add さっぽろ 札幌 --class place
expect "words add --class (Cyrillic reading, option first)" "added たなか	田中	surname  (2 words in $store)" 0 "" -- "$cli" words --store "$store" --class surname add танака 田中
expect "words add again with another class changes it" "changed the class of たなか	田中	name  (was surname; 2 words in $store)" 0 "" -- "$cli" words --store "$store" add たなか 田中 --class name
expect "words add again with the same class" "already there: たなか	田中	name  (2 words in $store)" 0 "" -- "$cli" words --store "$store" add たなか 田中 --class name
expect "words list shows the classes" $'さっぽろ	札幌	place
たなか	田中	name' 0 "" -- "$cli" words --store "$store" list
classes="noun, proper-noun, name, surname, given-name, place, organization, suru-noun, adverb, interjection"
expect "words add --class bogus names the classes" "" 64 "class: unknown word class \"bogus\": expected one of $classes" -- "$cli" words --store "$store" add ねこ 猫 --class bogus
expect "…and adds nothing" $'さっぽろ	札幌	place
たなか	田中	name' 0 "" -- "$cli" words --store "$store" list
expect "--class with list is a usage error" "" 64 "--class goes only with words add" -- "$cli" words --store "$store" list --class place
expect "--class without a value" "" 64 "--class needs a value" -- "$cli" words --store "$store" add ねこ 猫 --class
# The help names every class the core knows (the core's error is the list).
expect "words --help names every class" "ok" 0 "" -- bash -c \
  "h=\$('$cli' words --help | tr '\n' ' ' | tr -s ' '); for c in \$(echo '$classes' | tr -d ,); do [[ \$h == *\" \$c\"[\ ,.\)]* ]] || { echo \"missing \$c\"; exit 1; }; done; echo ok"
expect "words remove takes a word whatever its class" "removed さっぽろ	札幌  (1 word left)" 0 "" -- "$cli" words --store "$store" remove さっぽろ 札幌
expect "forget --all --words empties them again" "forgot everything learned and your words: 1 entry ($store)" 0 "" -- "$cli" forget --store "$store" --all --words
expect "forget a reading with nothing learned" "forgot what was learned for きた: 0 entries ($store)" 0 "" -- "$cli" forget --store "$store" кита
expect "forget --words without --all" "" 64 "--words needs --all" -- "$cli" forget --store "$store" --words
expect "forget --all with a reading" "" 64 "--all and a READING cannot be used together" -- "$cli" forget --store "$store" --all きた
expect "forget with nothing to forget" "" 64 "forget needs a READING (and optionally its TEXT), or --all" -- "$cli" forget --store "$store"

# scripts/run.sh: the caller's environment and directory are kept, and one Swift build
# configuration serves a terminal and redirected output alike (the release build is there:
# scripts/test.sh builds it before these tests).
root=$PWD
expect "run.sh keeps the caller's CYRILLIC_IME_DICTIONARY" "" 66 "dictionary $scratch/mine.cimedic is missing" -- \
  env CYRILLIC_IME_DICTIONARY="$scratch/mine.cimedic" scripts/run.sh dictionary
expect "run.sh runs in the caller's directory" "wrote k.svg" 0 "" -- bash -c "cd '$scratch' && '$root/scripts/run.sh' layout --svg k.svg | tail -n 1 && test -s k.svg"
if command -v script >/dev/null; then
  script -qec "scripts/run.sh --version" /dev/null >/dev/null 2>&1   # from a terminal (script gives it one)
  expect "run.sh redirected after a terminal run rebuilds nothing" "0" 0 "" -- bash -c "scripts/run.sh --version 2>&1 >/dev/null | grep -c Compiling || true"
  expect "run.sh in a terminal after a redirected run rebuilds nothing" "0" 0 "" -- bash -c "script -qec 'scripts/run.sh --version' /dev/null | grep -c Compiling || true"
else
  echo "cli: skipped the run.sh rebuild checks: \`script\` (util-linux) is not installed"
fi

echo "cli: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
