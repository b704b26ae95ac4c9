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
expect "every layer of every profile has five rows" "18" 0 "" -- bash -c "'$cli' profiles | awk '/^  [^ ]/ {if (n) print n; n=0; next} /^    / {n++} END {print n}' | grep -c '^5$'"
expect "profiles lists rows" "$(printf 'rus_standard\tRussian (Polivanov) · ロシア語（ポリワノフ式） · Русский (Поливанов)')" 0 "" -- \
  bash -c "'$cli' profiles --id rus_standard | head -n 1"
printf '{"version": 1, "profiles": [' > "$scratch/broken.json"
expect "broken profiles file" "" 65 "data rejected (profiles: $scratch/broken.json, kana engine: bundled): profiles.json: \$.profiles[0]: invalid JSON at line 1, column 29" -- "$cli" convert --profiles "$scratch/broken.json" ка
expect "missing profiles file" "" 66 "cannot read $scratch/none.json" -- "$cli" convert --profiles "$scratch/none.json" ка
expect "help" "" 0 "" -- bash -c "'$cli' --help | grep -q 'cyrillic-ime convert'"

# type needs a terminal (scripts/tools/terminal_test.sh types in one); layout draws key frames.
expect "type without a terminal" "" 64 "type needs a terminal" -- bash -c "echo ка | '$cli' type"
expect "type with an unknown profile" "" 64 "unknown profile klingon" -- "$cli" type --profile klingon
expect "layout summary" "rus_standard at 320.0 pt portrait: 320.0 × 230.4 pt, rows 46.1 pt, letter keys 26.2 pt (touch), narrowest key 26.2 pt" 0 "" -- \
  bash -c "'$cli' layout --width 320 | head -n 1"
expect "layout lists every key after its summary" "55" 0 "" -- bash -c "'$cli' layout --width 375 --globe | wc -l | tr -d ' '"
expect "layout of the symbols layer" "ukr symbols page 2 at 320.0 pt portrait: 320.0 × 230.4 pt, rows 46.1 pt, letter keys 31.4 pt (touch), narrowest key 31.4 pt" 0 "" -- \
  bash -c "'$cli' layout --profile ukr --width 320 --globe --layer symbols --page 2 | head -n 1"
expect "layout with an unknown layer" "" 64 "profile srp has no layer emoji (known: letters, symbols)" -- "$cli" layout --profile srp --layer emoji
expect "layout with a page too many" "" 64 "layer symbols of profile srp has 2 pages, not 3" -- "$cli" layout --profile srp --layer symbols --page 3
expect "layout writes an SVG: a background and 53 keys" "54" 0 "" -- \
  bash -c "'$cli' layout --width 375 --svg '$scratch/k.svg' >/dev/null && grep -c '<rect' '$scratch/k.svg'"
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

echo "cli: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
