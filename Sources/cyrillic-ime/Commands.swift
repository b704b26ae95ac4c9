/// Every subcommand's spec (CommandSpec.swift): the one place its options, rules, examples
/// and exit codes are written. The top-level `--help` is made from these too.

/// The options several commands share, worded once.
enum SharedOption {
    static let profile = OptionSpec("--profile", "ID", "the profile to type in (default rus_standard; `cyrillic-ime profiles` lists them)")
    static let profiles = OptionSpec("--profiles", "FILE", "load the profiles from FILE instead of the bundled profiles.json")
    static let kanaEngine = OptionSpec("--kana-engine", "FILE", "load the kana engine from FILE instead of the bundled japaneseKanaEngine.json")
    static let dictionary = OptionSpec("--dictionary", "FILE", "the compiled dictionary (default $CYRILLIC_IME_DICTIONARY; scripts/run.sh builds one and sets it)")
    static let store = OptionSpec("--store", "DIR", "the learning store (default $XDG_STATE_HOME/cyrillic-ime, else ~/.local/state/cyrillic-ime), the one `type` learns into")
    static let readingProfile = OptionSpec("--profile", "ID", "the profile a Cyrillic READING is typed in (default rus_standard); kana readings are taken as they are")
    static let consultedStore = OptionSpec("--store", "DIR", "the learning store whose words and choices apply (default the keyboard's); read, never learned into")
    static let noStore = OptionSpec("--no-store", nil, "leave the learning store out: the dictionary's own answer, the same on every machine")
    /// Said in `kanji` and `convert --kanji`: what they take from the store.
    static let storeDetail = "Your own words (`words add`) and the choices learned in the keyboard (`type`) apply as they do in the keyboard: the store is --store DIR, by default the keyboard's; a folder that is not there is not created (nothing learned yet), and one that cannot be used is warned about and left out. Converting here learns nothing. --no-store leaves the store out."
}

enum Commands {
    static let convert = CommandSpec(
        name: "convert", operands: "[TEXT...]",
        summary: "Converts TEXT (the arguments joined by spaces; without TEXT, standard input line by line) typed key by key in a profile, as the keyboard does, flushing at the end of each line.",
        details: [
            "--kanji then converts to kanji: the words of a line, separated by spaces, are converted as one sentence with a word boundary at every space, and the best conversion is written without the spaces. A line that cannot be converted is written as kana, with a warning on stderr that gives the line number and the reason.",
            "What was typed goes with the kana, as the keyboard sends it: a name, a place or a country typed in its own spelling, capitals kept, converts to the word Japanese uses (Москва → モスクワ). A word with letters the profile does not type (Latin, Greek) or digits among its letters keeps them as typed, and the line is warned about.",
            SharedOption.storeDetail,
        ],
        options: [
            SharedOption.profile,
            OptionSpec("--katakana", nil, "write katakana instead of hiragana"),
            OptionSpec("--kanji", nil, "convert to kanji (needs a dictionary)"),
            SharedOption.dictionary,
            SharedOption.consultedStore,
            SharedOption.noStore,
            SharedOption.profiles,
            SharedOption.kanaEngine,
        ],
        rules: [
            .conflicts("--katakana", "--kanji", "--kanji writes the conversion, --katakana only kana"),
            .requires("--dictionary", "--kanji", "only the kanji conversion reads a dictionary"),
            .requires("--store", "--kanji", "only the kanji conversion consults the store"),
            .requires("--no-store", "--kanji", "only the kanji conversion consults the store"),
            .conflicts("--store", "--no-store", "--no-store leaves the store out"),
        ],
        examples: [
            "cyrillic-ime convert \"коннитива сэнсэй\"          # こんにちわ せんせい",
            "cyrillic-ime convert --kanji ватасинонамаэванаканодэсу  # 私の名前は中野です",
            "cyrillic-ime convert --kanji \"Москва кара кимасита\"    # モスクワから来ました",
            "printf 'Кјото\\n' | cyrillic-ime convert --profile srp --katakana   # キョト",
            "cyrillic-ime words add пиросики ピロシキ屋; cyrillic-ime convert --kanji пиросики   # ピロシキ屋",
        ],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let kanji = CommandSpec(
        name: "kanji", operands: "[TEXT...]",
        summary: "Converts kana (hiragana or katakana, with Japanese punctuation) to kanji: one output line per input line (TEXT, or standard input line by line), the best conversion or the N best separated by tabs.",
        details: [
            "A line that cannot be converted is written as typed, with a warning on stderr that gives the line number and the reason. Cyrillic is not kana: `convert --kanji` converts it.",
            "--segments writes what the keyboard's bar lists for each segment: its words, then the date or time its reading names (きょう, いま, …, from the computer's clock and time zone), emoji (🐱 for ねこ), and its hiragana, katakana and half-width forms.",
            SharedOption.storeDetail,
        ],
        options: [
            OptionSpec("--exact", nil, "match the reading only as typed, not also as heard (long vowels unmarked, …)"),
            OptionSpec("--candidates", "N", "write the N best conversions (1–50), separated by tabs"),
            OptionSpec("--segments", nil, "write each segment's candidates instead, separated by tabs, a tab, | and a tab between segments"),
            OptionSpec("--no-emoji", nil, "offer no emoji among the candidates (as the keyboard's setting)"),
            OptionSpec("--clock", "SECONDS,MINUTES", "the time dates are read from: seconds since 1970 (UTC) and the time zone's offset in minutes (default: now, here)"),
            OptionSpec("--context", "TEXT", "convert every reading as if TEXT stood before the cursor"),
            OptionSpec("--context-tsv", nil, "read context<TAB>reading lines from standard input and answer each at once (flushed), for a program that drives it word by word"),
            SharedOption.dictionary,
            SharedOption.consultedStore,
            SharedOption.noStore,
        ],
        rules: [
            .conflicts("--context", "--context-tsv", "--context-tsv reads each line's context from the line"),
            .conflicts("--store", "--no-store", "--no-store leaves the store out"),
            .conflicts("--segments", "--candidates", "--segments writes the candidates of each segment, --candidates whole conversions"),
            .requires("--no-emoji", "--segments", "only the segments' candidates hold emoji"),
            .requires("--clock", "--segments", "only the segments' candidates hold dates"),
        ],
        examples: [
            "cyrillic-ime kanji きょうはいいてんきですね              # 今日はいい天気ですね",
            "cyrillic-ime kanji --segments ねこ                      # 猫 … 🐈 🐱 … ねこ ネコ ﾈｺ",
            "cyrillic-ime kanji --candidates 3 きょうはいいてんきですね",
            "cyrillic-ime kanji --context 私は がくせいです",
            "cyrillic-ime kanji --no-store ぴろしき                   # the dictionary's answer, not your word",
        ],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let dictionary = CommandSpec(
        name: "dictionary", operands: nil,
        summary: "Prints where the compiled dictionary is, its size, entries, source, version and checksum, and whether it loads.",
        options: [SharedOption.dictionary],
        examples: ["cyrillic-ime dictionary --dictionary .dictionary/mozc.cimedic"],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let profiles = CommandSpec(
        name: "profiles", operands: nil,
        summary: "Lists the profiles with their names and the rows of every layer and page.",
        options: [
            OptionSpec("--id", "ID", "only the profile ID"),
            SharedOption.profiles,
            SharedOption.kanaEngine,
        ],
        examples: ["cyrillic-ime profiles --id srp"],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let type = CommandSpec(
        name: "type", operands: nil,
        summary: "Types in the terminal as the keyboard does: draws the profile's keyboard, the candidate bar and the document with its marked text; Ctrl-C or Ctrl-D quits and prints the document.",
        details: [
            "Keys: letters compose; space converts (then the next candidate), or with the Cyrillic space habit marks a word boundary (→ or 1 on the live result then opens the candidates); 1-9 choose from the bar; Tab the next candidate (else the next profile); ←/→ move between segments (else the cursor); Shift+←/→ resize; ↑/↓ turn the bar's page; Enter commits; Esc goes back from converting to the reading; Ctrl-R registers a word for the reading being converted (type the text, Enter saves it in the store, Esc cancels); Ctrl-O letters/symbols; Ctrl-K shift (katakana; the next page on the symbols); Ctrl-N dakuten; Backspace.",
            "What is committed from the bar is learned in the store and ranks first the next time.",
            "--live shows the best conversion of everything composed at every keystroke, as the keyboard does by default (docs/KEYBOARD.md, \"Live conversion\"); Enter commits what is shown. With --live each profile keeps its own space habit (Cyrillic profiles: space marks a word boundary; romaji: space converts); without it space converts, unless --space says otherwise.",
        ],
        options: [
            SharedOption.profile,
            OptionSpec("--qwerty", nil, "map a Latin keyboard onto the profile's key positions (q→й, w→ц, … on Russian)"),
            OptionSpec("--inline", nil, "show pending input as plain text, without marked text"),
            OptionSpec("--kana-only", nil, "type kana only, never convert"),
            OptionSpec("--no-emoji", nil, "offer no emoji among the candidates (the keyboard's setting)"),
            OptionSpec("--live", nil, "live conversion: the marked text is the composition converted as it is typed"),
            OptionSpec("--auto-commit", "N", "with --live, commit the first segment once it stayed the same over N keystrokes (1-100)"),
            OptionSpec("--space", "HABIT", "japanese (space converts) or cyrillic (space marks a word boundary while composing), in every profile"),
            SharedOption.dictionary,
            SharedOption.store,
            SharedOption.profiles,
            SharedOption.kanaEngine,
        ],
        rules: [.conflicts("--kana-only", "--dictionary", "a kana-only keyboard never converts, so it reads no dictionary"),
                .conflicts("--kana-only", "--live", "a kana-only keyboard never converts"),
                .requires("--auto-commit", "--live", "auto-commit takes the first segment of live conversion")],
        examples: ["cyrillic-ime type --qwerty", "cyrillic-ime type --store /tmp/my-store", "cyrillic-ime type --live --auto-commit 4"],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let layout = CommandSpec(
        name: "layout", operands: nil,
        summary: "Prints every key's frame for a keyboard WIDTH points wide and, with --svg, draws the keyboard into FILE.",
        options: [
            SharedOption.profile,
            OptionSpec("--width", "PT", "the keyboard's width in points (default 375)"),
            OptionSpec("--landscape", nil, "the phone on its side"),
            OptionSpec("--globe", nil, "with the globe key"),
            OptionSpec("--insets", "LEFT,RIGHT,BOTTOM", "safe-area insets in points"),
            OptionSpec("--layer", "ID", "the layer (default letters; symbols)"),
            OptionSpec("--page", "N", "the layer's page (default 1)"),
            OptionSpec("--svg", "FILE", "draw the keyboard into FILE"),
            SharedOption.profiles,
            SharedOption.kanaEngine,
        ],
        examples: ["cyrillic-ime layout --width 320 --layer symbols --page 2 --svg symbols.svg"],
        exitCodes: [.success, .usage, .dataError, .noInput])

    static let words = CommandSpec(
        name: "words", operands: "add READING TEXT | remove READING TEXT | list",
        summary: "Your own words, in the store the keyboard uses: add converts READING to TEXT from now on (ranked first among the words of its reading, joined to its neighbours as its class is), remove takes it out, list prints them (reading, text and class, tab-separated).",
        details: [
            "READING is kana, or Cyrillic typed in --profile (накано → なかの); TEXT up to 64 characters. At most 2000 words.",
            "CLASS is the part of speech, as in Mozc's word registration: noun (the default), proper-noun, name, surname, given-name, place, organization, suru-noun (勉強 → 勉強する), adverb or interjection. Adding a word that is there with another class changes its class.",
        ],
        options: [
            OptionSpec("--class", "CLASS", "with add, the word's class (default noun)"),
            SharedOption.store,
            SharedOption.readingProfile,
        ],
        examples: [
            "cyrillic-ime words add накано 中野 --class surname",
            "cyrillic-ime words add ぬこ 猫",
            "cyrillic-ime words list",
            "cyrillic-ime words remove ぬこ 猫",
        ],
        exitCodes: [.success, .usage, .noInput])

    static let forget = CommandSpec(
        name: "forget", operands: "[READING [TEXT]]",
        summary: "Forgets what the keyboard learned: every choice learned for READING (with TEXT, only that one), or with --all everything learned (--words: your own words too).",
        details: ["READING is kana, or Cyrillic typed in --profile; hiragana and katakana readings are forgotten alike."],
        options: [
            OptionSpec("--all", nil, "forget everything learned"),
            OptionSpec("--words", nil, "with --all, also remove your own words"),
            SharedOption.store,
            SharedOption.readingProfile,
        ],
        rules: [.requires("--words", "--all", "one word goes with `words remove`")],
        examples: ["cyrillic-ime forget кита", "cyrillic-ime forget きた 来た", "cyrillic-ime forget --all"],
        exitCodes: [.success, .usage, .noInput])

    static let version = CommandSpec(
        name: "version", operands: nil,
        summary: "Prints the package version, the C ABI version, and the dictionary's version and checksum (`cyrillic-ime --version` too).",
        options: [SharedOption.dictionary],
        examples: ["cyrillic-ime --version"],
        exitCodes: [.success, .usage])

    static let all = [convert, kanji, dictionary, profiles, type, layout, words, forget, version]
}

extension ExitCode {
    /// `  64  usage error (…)`, the numbers aligned.
    var line: String { "  " + String(rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + meaning }

    var meaning: String {
        switch self {
        case .success: "success"
        case .usage: "usage error (unknown or conflicting options, bad values)"
        case .dataError: "data rejected (--profiles or --kana-engine files, a damaged dictionary)"
        case .noInput: "a file or folder not readable or not writable (the dictionary, data files, --svg, the store)"
        }
    }
}

/// `cyrillic-ime --help`: every subcommand's synopsis and summary, from the specs.
var topLevelHelp: String {
    var lines = [
        "cyrillic-ime: Cyrillic transcription typed key by key into Japanese, as the CyrillicIME keyboard does.",
        "",
        "Usage:",
    ]
    for spec in Commands.all {
        lines += spec.synopsis(first: 2)
        lines += wrap(spec.summary, indent: 6, first: 6)
    }
    lines += ["  cyrillic-ime --help | cyrillic-ime COMMAND --help | cyrillic-ime help COMMAND", ""]
    lines += wrap("The learning store is --store DIR, by default $XDG_STATE_HOME/cyrillic-ime, else ~/.local/state/cyrillic-ime: type learns into it, words and forget change it, kanji and convert --kanji convert with what it holds (--no-store: without). The dictionary is --dictionary FILE, else $CYRILLIC_IME_DICTIONARY (scripts/run.sh builds it and sets it). Warnings (a line written as kana, input that is not UTF-8) go to stderr.", indent: 0)
    lines += ["", "Exit codes:"] + [ExitCode.success, .usage, .dataError, .noInput].map(\.line)
    return lines.joined(separator: "\n")
}
