#!/usr/bin/env bash
# Tests `cyrillic-ime type` as a person uses it: in a real terminal (tmux), typing keys and
# reading the screen. Installs tmux when it is missing. Usage: terminal_test.sh PATH_TO_cyrillic-ime
set -uo pipefail
cli=$1
cd "$(dirname "$0")/../.."
if ! command -v tmux >/dev/null; then
  echo "terminal_test: installing tmux" >&2
  { apt-get update -qq && apt-get install -y -qq tmux; } >&2 || { echo "terminal_test: cannot install tmux" >&2; exit 1; }
fi
passed=0
failed=0
session=none
export TMUX_TMPDIR=$(mktemp -d)   # a tmux server of our own, whatever else runs
trap 'tmux kill-server 2>/dev/null; rm -rf "$TMUX_TMPDIR"' EXIT

runs=0
start() { # ARGS... — runs `cyrillic-ime type ARGS` in a fresh 100×30 terminal
  local previous=$session
  runs=$((runs + 1))
  session="cime-$runs"
  # After the program ends, report its exit code and whether the terminal is back to normal.
  # Every run learns into a store of this test's own (--store), never the user's.
  tmux new-session -d -s "$session" -x 100 -y 30 \
    "'$cli' type --store '$TMUX_TMPDIR/store' $*; echo \"EXIT=\$?\"; stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo; sleep 60"
  # The old terminal goes only now: closing the server's last session would stop the server.
  tmux kill-session -t "$previous" 2>/dev/null
}
keys() { tmux send-keys -t "$session" "$@"; }
text() { tmux send-keys -t "$session" -l "$1"; }
screen() { tmux capture-pane -t "$session" -p 2>&1; }

expect_screen() { # NAME TEXT — waits up to 10 s for TEXT to appear on the screen
  local name=$1 want=$2
  for _ in $(seq 100); do
    if screen | grep -qF -- "$want"; then passed=$((passed + 1)); return; fi
    sleep 0.1
  done
  failed=$((failed + 1))
  echo "FAIL: $name: the screen never showed $(printf %q "$want"); it shows:"
  screen | sed 's/^/  | /'
}

# The kana-only keyboard (today's behaviour before conversion): kana go straight in.
start --kana-only
expect_screen "draws the profile's keyboard" "[ й ] [ ц ] [ у ]"
expect_screen "says it types kana only" "kana only"
expect_screen "names the profile" "Русский (Поливанов) [rus_standard]"
text "коннитива"
expect_screen "converts key by key" "  こんにちわ│"
text " к"
expect_screen "shows pending input as marked text" "marked: «к» UTF-16 6..<7"
keys BSpace
expect_screen "backspace edits the pending input" "marked: none"
expect_screen "…and leaves the document" "  こんにちわ │"
text "хон"
keys Left
expect_screen "a cursor move converts first, then moves over one character" "  こんにちわ ほ│ん"
keys C-k
expect_screen "Ctrl-K is shift" "shift: katakana (one kana)"
text "ка"
expect_screen "shift types katakana" "  こんにちわ ほカ│ん"
keys C-n
expect_screen "Ctrl-N is the dakuten key" "  こんにちわ ほガ│ん"
keys C-o
expect_screen "Ctrl-O switches to the symbols layer" "layer: symbols 1/2 (123)"
expect_screen "…and draws it" "[ 、  ] [ 。  ] [ ？  ]"
expect_screen "…its shift key showing the next page" "[  #+=  ]"
text "й"
expect_screen "a key types the symbol at its place" "  こんにちわ ほガ、│ん"
keys C-k
expect_screen "Ctrl-K turns the symbols page" "layer: symbols 2/2 (#+=)"
expect_screen "…and draws the second page" "[ 【  ] [ 】  ]"
keys C-o
expect_screen "Ctrl-O goes back to the letters" "layer: letters"
expect_screen "…and draws them with the ー key" "[ э ] [ ー ]"
keys Right Enter
text "😀"
keys Left
expect_screen "enter inserts a newline; an emoji is one character" "cursor: UTF-16 11"
keys C-d
expect_screen "Ctrl-D quits and prints the document" "EXIT=0"
expect_screen "…the whole document" "こんにちわ ほガ、ん"
expect_screen "…and restores the terminal" "icanon echo"

start --qwerty --kana-only
expect_screen "starts" "document:"
expect_screen "--qwerty says so" "QWERTY positions"
text "rjyybnbdf ,fynj:"
expect_screen "--qwerty maps Latin keys onto ЙЦУКЕН" "  こんにちわ ばんとー│"
keys C-c
expect_screen "Ctrl-C quits" "EXIT=0"
expect_screen "…and restores the terminal" "icanon echo"

start --inline --kana-only
expect_screen "starts" "document:"
text "кон"
expect_screen "--inline shows pending input as plain text" "  こн│"
expect_screen "…without marking it" "marked: none"
keys C-d
expect_screen "…and converts it on quitting" "こん"

# Two profiles (the bundled one and a copy): Tab switches mid-word, converting in the old one.
python3 - "$TMUX_TMPDIR/two.json" <<'PY'
import json, sys
data = json.load(open("Sources/CyrillicIME/Resources/profiles.json"))
copy = dict(data["profiles"][0], id="rus_copy", names={"en": "Copy", "ja": "コピー", "native": "Копия"})
data["profiles"] = [data["profiles"][0], copy]
json.dump(data, open(sys.argv[1], "w"), ensure_ascii=False)
PY
start --profiles "$TMUX_TMPDIR/two.json" --kana-only
expect_screen "starts" "document:"
text "хон"
keys Tab
expect_screen "Tab switches to the next profile" "Копия [rus_copy]"
expect_screen "…converting what was pending first" "  ほん│"
keys C-d
expect_screen "quits" "EXIT=0"

# The converting keyboard, as a person uses it: compose, space, look at the bar, move and
# resize segments, Enter, and find the sentence in the document.
start
expect_screen "starts idle" "· idle"
text "ватасинонамаэханаканодэсу"
expect_screen "composes kana as marked text" "marked: «わたしのなまえはなかのです» UTF-16 0..<13"
expect_screen "…and says so" "· composing"
text " "
expect_screen "space converts" "marked: «私の名前は中野です» UTF-16 0..<9"
expect_screen "…into segments, the first focused" "segments: [私の] 名前は 中野です"
expect_screen "…the bar numbering the focused segment's candidates" "candidates: 1[私の] 2 "
expect_screen "…and the document line shows the segments, the focused one in brackets" "  [私の]|名前は|中野です"
keys Escape
expect_screen "Esc goes back to the reading" "marked: «わたしのなまえはなかのです» UTF-16 0..<13"
expect_screen "…composing again" "· composing"
text " "
expect_screen "…and space converts it again" "segments: [私の] 名前は 中野です"
keys Right
expect_screen "→ moves the focus to the next segment" "segments: 私の [名前は] 中野です"
expect_screen "…in the document line too" "  私の|[名前は]|中野です"
keys S-Right
expect_screen "Shift+→ extends the focused segment" "segments: 私の [名前"
keys S-Left
expect_screen "Shift+← shrinks it back; the rest converts again" "segments: 私の [名前は] 中野です"
keys Left
expect_screen "← moves the focus back" "segments: [私の] 名前は 中野です"
keys Enter
expect_screen "Enter commits what is shown" "  私の名前は中野です│"
expect_screen "…leaving nothing marked" "marked: none"
expect_screen "…and the keyboard idle" "· idle"
text "ватаси "
expect_screen "a second word converts" "· converting"
keys Tab
expect_screen "Tab picks the next candidate" "candidates: 1 "
text "1"
expect_screen "a digit chooses (the last segment: committed)" "· idle"
keys BSpace
text " "
expect_screen "space with nothing composed types a full-width space" "cursor: UTF-16"
keys C-d
expect_screen "quits" "EXIT=0"
expect_screen "…printing the document with the sentence" "私の名前は中野です"

# Words typed one at a time with spaces, as this keyboard's writers type: space converts, the
# next letter commits, and what was committed is the next word's context (私は, not 私わ).
start
expect_screen "starts idle" "· idle"
text "ватаси ва гакусэй дэсу "
expect_screen "the last word converts" "marked: «です»"
expect_screen "…the words before it committed as they came, each after the one before" "  私は学生[です]"
keys Enter
expect_screen "Enter writes the sentence typed word by word" "  私は学生です│"
expect_screen "…and the bar offers the words that follow it" "predictions: 1 "
keys C-d
expect_screen "quits" "EXIT=0"
expect_screen "…printing the sentence" "私は学生です"

# Live conversion (issue 37): the same sentence typed word by word with spaces shows its Japanese
# while it is typed (the spaces are word boundaries: the Cyrillic space habit, the standard one of
# rus_standard), and one Enter commits it.
start --live
expect_screen "starts idle" "· idle"
text "ватаси ва "
expect_screen "Japanese while typing" "marked: «私は»"
expect_screen "…still composing after the spaces" "· composing"
expect_screen "…the live result first on the bar" "predictions: 1 私は "
text "гакусэй дэсу"
expect_screen "the whole sentence shown" "marked: «私は学生です»"
keys Enter
expect_screen "one Enter commits it" "  私は学生です│"
keys C-d
expect_screen "quits" "EXIT=0"
expect_screen "…printing the sentence" "私は学生です"
# The Japanese habit with live conversion: space opens the candidates of the result shown.
start --live --space japanese
expect_screen "starts idle" "· idle"
text "гакусэй "
expect_screen "--space japanese: space converts" "· converting"
keys Enter
expect_screen "Enter commits it" "  学生│"
keys C-d
expect_screen "quits" "EXIT=0"

# The writer's own words (issue 40): a city typed in its own spelling, with its capital, and the
# sentence going on after it; the keyboard sends what was typed with the kana.
start
expect_screen "starts idle" "· idle"
text "Москва "
expect_screen "the city converts to its katakana" "marked: «モスクワ»"
text "кара кимасита "
keys Enter
expect_screen "the sentence goes on after it" "  モスクワから来ました│"
keys C-d
expect_screen "quits" "EXIT=0"

# Learning: choose the second candidate, quit, start again: it comes first.
start --store "$TMUX_TMPDIR/learning"
expect_screen "a fresh store" "0 learned, 0 words"
text "кита "
expect_screen "きた converts" "· converting"
first=$(screen | sed -n 's/.*candidates: 1\[\([^]]*\)\].*/\1/p' | head -n 1)
second=$(screen | sed -n 's/.*candidates: 1\[[^]]*\] 2 \([^ ]*\).*/\1/p' | head -n 1)
text "2"
expect_screen "choosing the second candidate commits it" "  $second│"
expect_screen "the store line follows: the segment and the phrase learned" "(2 learned, 0 words)"
keys C-d
expect_screen "quits" "EXIT=0"
start --store "$TMUX_TMPDIR/learning"
expect_screen "the store kept the choice" "learned"
text "кита "
expect_screen "after a restart the chosen word ($second) comes first" "candidates: 1[$second]"
keys Enter
expect_screen "…and is what space and Enter write" "  $second│"
keys C-d
expect_screen "quits" "EXIT=0"
# One store everywhere (issue 40): the choice learned in the keyboard comes back from the
# command line too, from the same store; --no-store gives the dictionary's first again.
check_command() { # NAME EXPECTED COMMAND...
  local name=$1 want=$2 got
  shift 2
  got=$("$@" 2>&1)
  if [[ $got == "$want" ]]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL: $name: got $(printf %q "$got"), want $(printf %q "$want")"; fi
}
check_command "kanji --store: the choice learned in the keyboard ($second)" "$second" "$cli" kanji --store "$TMUX_TMPDIR/learning" きた
check_command "convert --kanji --store: the choice learned in the keyboard" "$second" "$cli" convert --kanji --store "$TMUX_TMPDIR/learning" кита
check_command "kanji --no-store: the dictionary's first ($first)" "$first" "$cli" kanji --no-store きた
# Forgetting from the command line: the choice is gone at the next start.
forgot=$("$cli" forget --store "$TMUX_TMPDIR/learning" кита)
if [[ $forgot == "forgot what was learned for きた: "* && $forgot != *": 0 entries"* ]]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: cyrillic-ime forget кита forgets the learned choice: $forgot"; fi
start --store "$TMUX_TMPDIR/learning"
expect_screen "the store is empty again" "(0 learned, 0 words)"
text "кита "
expect_screen "after forget the first candidate is the dictionary's again ($first)" "candidates: 1[$first]"
keys C-d
expect_screen "quits" "EXIT=0"

# Registering a word (Ctrl-R while converting): the reading being converted, a text of your
# own; it converts from then on, and the store line counts it.
start --store "$TMUX_TMPDIR/words"
expect_screen "starts" "· idle"
text "нукопуру "
expect_screen "converts" "· converting"
keys C-r
expect_screen "Ctrl-R asks for the word, with the reading being converted" "register: ぬこぷる → "
keys C-u
text "猫風呂"
expect_screen "…the word typed" "register: ぬこぷる → 猫風呂│"
keys Enter
expect_screen "Enter registers it" "registered ぬこぷる → 猫風呂 (noun)"
expect_screen "…the store line counts it" "(0 learned, 1 words)"
keys Escape
expect_screen "Esc back to the reading" "· composing"
text " "
expect_screen "…and the registered word is the first candidate now" "candidates: 1[猫風呂]"
keys C-r
keys Escape
expect_screen "Esc cancels a registration" "register: cancelled"
keys Enter
keys C-d
expect_screen "quits" "EXIT=0"
expect_screen "…with the word in the document" "猫風呂"
words=$("$cli" words --store "$TMUX_TMPDIR/words" list)
if [[ $words == $'ぬこぷる\t猫風呂\tnoun' ]]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: the registered word is in the store: $words"; fi

# A save that fails (the review removed the store's folder after a commit): said once, in
# words, the text still committed; at exit stderr says how many commits were not saved.
start --store "$TMUX_TMPDIR/removed"
expect_screen "a fresh store to remove" "0 learned, 0 words"
text "кита "
expect_screen "きた converts" "· converting"
text "1"
expect_screen "the first commit is saved, no notice" "marked: none"
rm -rf "$TMUX_TMPDIR/removed"
text "кита "
expect_screen "きた converts again" "· converting"
text "1"
expect_screen "a failed save is shown in words" "Learning not saved: what you choose is remembered only until the keyboard closes"
text "кита "
text "1"
expect_screen "the text of both commits is there" "marked: none"
if [[ $(screen | grep -c "Learning not saved") -eq 1 ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: the notice is shown once:"; screen | sed 's/^/  | /'; fi
keys C-d
expect_screen "at exit, stderr says what was not saved" "cyrillic-ime: 2 commits were learned but not saved: user store $TMUX_TMPDIR/removed"
expect_screen "…and the exit is clean" "EXIT=0"

echo "terminal: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
