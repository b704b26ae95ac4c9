import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// `kanji`, `convert --kanji` and `dictionary`: kana→kanji conversion from the command
/// line. Conversion happens in the core, with the learning store consulted as the keyboard
/// consults it (StoreConsultation.swift); these commands only read lines and print.

/// Where the compiled dictionary is: `--dictionary FILE`, else $CYRILLIC_IME_DICTIONARY
/// (scripts/run.sh sets it to the file scripts/build_dictionary.sh builds).
func dictionaryPath(_ explicit: String?) throws(CommandError) -> String {
    if let explicit { return explicit }
    if let fromEnvironment = ProcessInfo.processInfo.environment["CYRILLIC_IME_DICTIONARY"], !fromEnvironment.isEmpty {
        return fromEnvironment
    }
    throw CommandError(
        code: .noInput,
        message: "no dictionary: pass --dictionary FILE or set CYRILLIC_IME_DICTIONARY (scripts/build_dictionary.sh builds one)")
}

/// Loads the dictionary into the core; a missing or unreadable file (or a folder) is exit 66,
/// a rejected one 65.
@discardableResult
func loadDictionary(_ explicit: String?, engine: RustCoreEngine) throws(CommandError) -> DictionaryInfo {
    let path = try dictionaryPath(explicit)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw CommandError(code: .noInput, message: "dictionary \(path) is a folder, not a dictionary file (scripts/build_dictionary.sh builds one)")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw CommandError(code: .noInput, message: "dictionary \(path) is missing or not readable (scripts/build_dictionary.sh builds it)")
    }
    do {
        return try engine.loadDictionary(atPath: path)
    } catch {
        throw CommandError(code: .dataError, message: error.message)
    }
}

/// `kanji`: one output line per input line, the best conversion or the N best separated by
/// tabs. `--context TEXT` converts every reading after TEXT (as if TEXT stood before the
/// cursor); `--context-tsv` reads `context<TAB>reading` lines and answers each at once
/// (flushed), so a program can drive it word by word.
func runKanji(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.kanji)
    var candidates = 1
    if let value = parsed.value("--candidates") {
        guard let count = Int(value), (1...50).contains(count) else {
            throw CommandError(code: .usage, message: "--candidates \(value): expected a number from 1 to 50")
        }
        candidates = count
    }
    if parsed.has("--context-tsv") && !parsed.operands.isEmpty {
        throw CommandError(code: .usage, message: "--context-tsv reads context<TAB>reading lines from standard input, not arguments")
    }
    let engine = RustCoreEngine.shared
    try loadDictionary(parsed.value("--dictionary"), engine: engine)
    try consultStore(parsed, engine: engine)
    let heard = !parsed.has("--exact")
    let segments = parsed.has("--segments")
    let clock = try parsed.value("--clock").map(parseClock)
    // The best conversion of `reading` after the text `context`, with `candidates` alternatives
    // (or, with --segments, the candidates of every segment and what the rewriters add).
    func conversionRequest(_ reading: String, after context: String?) -> ConversionRequest {
        var request = ConversionRequest(reading, context: context.map { .text($0) } ?? .none)
        request.candidates = segments ? 9 : 1
        request.alternatives = segments ? 0 : candidates
        request.matchingHeardSpellings = heard
        request.rewrites = CandidateRewrites(clock: clock ?? .now(), emoji: !parsed.has("--no-emoji"))
        return request
    }
    var hintedCyrillic = false
    func hintIfCyrillic(_ reading: String, line number: Int) {
        guard !hintedCyrillic, reading.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) else { return }
        hintedCyrillic = true
        warn(line: number, "Cyrillic letters are not kana and stay as they are: `cyrillic-ime convert --kanji` converts Cyrillic")
    }
    if parsed.has("--context-tsv") {
        forEachInputLine([]) { line, number in
            let (before, reading) = splitContextLine(line)
            hintIfCyrillic(reading, line: number)
            print(kanjiLine(conversionRequest(reading, after: before), number: number, engine: engine))
            fflush(nil)   // every stream: a driving program waits for this line
        }
        return
    }
    let context = parsed.value("--context")
    forEachInputLine(parsed.operands) { line, number in
        hintIfCyrillic(line, line: number)
        print(kanjiLine(conversionRequest(line, after: context), number: number, engine: engine))
    }
}

/// `--clock SECONDS,MINUTES`: seconds since 1970 (UTC) and the time zone's offset from UTC in
/// minutes (`1795740060,540`: 2026-11-27 09:41 in Tokyo).
func parseClock(_ value: String) throws(CommandError) -> LocalClock {
    let parts = value.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let seconds = Int64(parts[0]), let minutes = Int(parts[1]) else {
        throw CommandError(code: .usage, message: "--clock \(value): expected SECONDS,MINUTES (seconds since 1970 and the UTC offset in minutes, 1795740060,540)")
    }
    return LocalClock(unixSeconds: seconds, utcOffsetMinutes: minutes)
}

/// A `context<TAB>reading` line: the context (none when the line has no tab) and the reading.
func splitContextLine(_ line: String) -> (context: String?, reading: String) {
    guard let tab = line.firstIndex(of: "\t") else { return (nil, line) }
    return (String(line[..<tab]), String(line[line.index(after: tab)...]))
}

/// The conversions of one line (the best, or `request.alternatives` of them); a line the core
/// refuses is written as typed (and the reason goes to stderr), so every input line gives
/// exactly one output line.
func kanjiLine(_ request: ConversionRequest, number: Int, engine: RustCoreEngine) -> String {
    switch engine.convert(request) {
    case .success(let conversion) where request.candidates > 1:
        return conversion.segments.map { $0.candidates.joined(separator: "\t") }.joined(separator: "\t|\t")
    case .success(let conversion):
        let texts = request.alternatives == 1 || conversion.alternatives.isEmpty ? [conversion.bestText] : conversion.alternatives
        return texts.joined(separator: "\t")
    case .failure(let error):
        warn(line: number, "not converted: \(error.message); written as typed")
        return error.reading
    }
}

/// `convert --kanji`: the line typed key by key, and the words the writer separated with
/// spaces converted as one sentence with a word boundary at every space (no word spans it but
/// one the writer split where kanji meet kana, `току ни` 特に: docs/CONVERSION.md), written
/// without the spaces — Japanese has none. Each line starts a sentence of its own. What was
/// typed goes with the kana, word by word in `profile`'s language, as the keyboard sends it
/// (`TypedWords`): a name typed in its own spelling converts to the foreign word it is.
/// A line that cannot be converted is written as kana, and line `number` is warned about; so is
/// a word with letters the profile does not type (or digits among its letters), which stay as typed.
func convertLineToKanji(
    _ line: String, number: Int, engine: RustCoreEngine, profileID: String, profile: ProfileDescription?
) -> String {
    var readings: [String] = []
    var typedWords: [TypedWords.Word] = []
    var readingLength = 0
    let letters = profile?.letters ?? []
    var strangers = StrangeCharacters()
    for chunk in line.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
        let (kana, typing) = typeLine(chunk, number: number, engine: engine, profileID: profileID)
        strangers.note(chunk, letters: letters)
        for word in typing.words(kanaLength: kana.unicodeScalars.count, pending: "") where strangers.typesOnly(word.text, letters) {
            let range = (word.range.lowerBound + readingLength)..<(word.range.upperBound + readingLength)
            typedWords.append(TypedWords.Word(text: word.text, range: range))
        }
        readings.append(kana)
        readingLength += kana.unicodeScalars.count
    }
    if let warning = strangers.warning(profile: profileID) { warn(line: number, warning) }
    guard !readings.isEmpty else { return "" }
    let typed = TypedWords(language: profile?.language ?? "", words: typedWords).limited(toReadingLength: readingLength)
    var request = ConversionRequest(words: readings, typed: typed)
    request.candidates = 1
    var result = engine.convert(request)
    // The typed words only help: refused (they name the member), the kana are converted alone.
    if case .failure(let error) = result, typed != .none, error.message.contains("typed") {
        warn(line: number, "what was typed could not be sent (\(error.message)); converted from the kana alone")
        request.typed = .none
        result = engine.convert(request)
    }
    switch result {
    case .success(let conversion): return conversion.bestText
    case .failure(let error):
        warn(line: number, "not converted to kanji: \(error.message); written as kana")
        return readings.joined()
    }
}

/// What the writer typed that the profile does not: letters of another alphabet (Latin,
/// Greek, …) and digits inside a word. The core writes them as they are; `convert --kanji`
/// says so once a line, naming what kind they are, never the text itself.
struct StrangeCharacters {
    private(set) var kinds: [String] = []

    /// Notes the strange characters of `chunk`, given the profile's `letters` (lower-case).
    mutating func note(_ chunk: String, letters: Set<Character>) {
        var previous: Character?
        for character in chunk {
            if TypedWords.isLetter(character), !letters.contains(Character(character.lowercased())) {
                add(Self.alphabet(of: character))
            }
            if let previous, character.isNumber && previous.isLetter || character.isLetter && previous.isNumber {
                add("digits among its letters")
            }
            previous = character
        }
    }

    /// Whether `word` has only letters the profile types (its joiners aside): only such a word
    /// is sent as typed, since the core can read no other.
    func typesOnly(_ word: String, _ letters: Set<Character>) -> Bool {
        word.allSatisfy { TypedWords.isJoiner($0) || letters.contains(Character($0.lowercased())) }
    }

    func warning(profile: String) -> String? {
        kinds.isEmpty ? nil : "a word has \(kinds.joined(separator: " and ")), not typed in \(profile): kept as typed, the rest converted"
    }

    private mutating func add(_ kind: String) {
        if !kinds.contains(kind) { kinds.append(kind) }
    }

    private static func alphabet(of character: Character) -> String {
        switch character.unicodeScalars.first?.value ?? 0 {
        case 0x41...0x24F, 0x1E00...0x1EFF: "Latin letters"
        case 0x370...0x3FF, 0x1F00...0x1FFF: "Greek letters"
        case 0x400...0x52F: "Cyrillic letters"
        default: "letters"
        }
    }
}

/// `dictionary [--dictionary FILE]`: where the compiled dictionary is, what it holds and
/// whether it loads.
func runDictionary(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.dictionary)
    let path = try dictionaryPath(parsed.value("--dictionary"))
    // Loaded before anything is printed: a failure leaves stdout empty, the error names the file.
    let info = try loadDictionary(path, engine: RustCoreEngine.shared)
    print("path\t\(path)")
    print("bytes\t\(info.bytes) (\(String(format: "%.1f", Double(info.bytes) / 1_048_576)) MiB)")
    print("entries\t\(info.entries) over \(info.keys) readings")
    for key in ["source", "version", "license", "matrix", "wheel_sha256"] {
        if let value = info.metadata[key] { print("\(key)\t\(value)") }
    }
    if let checksum = info.checksum { print("checksum\t\(checksum)") }
    print("mapped\t\(info.mapped ? "yes (memory-mapped, file-backed pages)" : "no (read into memory)")")
    print("loads\tyes")
}
