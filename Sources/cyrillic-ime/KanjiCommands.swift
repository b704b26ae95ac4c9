import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// `kanji`, `convert --kanji` and `dictionary`: kana→kanji conversion from the command
/// line. Conversion happens in the core; these commands only read lines and print.

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

/// Loads the dictionary into the core; a missing file is exit 66, a rejected one 65.
@discardableResult
func loadDictionary(_ explicit: String?, engine: RustCoreEngine) throws(CommandError) -> DictionaryInfo {
    let path = try dictionaryPath(explicit)
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw CommandError(code: .noInput, message: "dictionary \(path) is missing or not readable (scripts/build_dictionary.sh builds it)")
    }
    do {
        return try engine.loadDictionary(atPath: path)
    } catch {
        throw CommandError(code: .dataError, message: error.message)
    }
}

/// The lines to work on: the arguments joined by spaces, or standard input line by line.
func forEachInputLine(_ text: [String], _ body: (String) -> Void) {
    if text.isEmpty {
        while let line = readLine(strippingNewline: true) { body(line) }
    } else {
        body(text.joined(separator: " "))
    }
}

/// `kanji [--exact] [--candidates N] [--context TEXT | --context-tsv] [--dictionary FILE] [TEXT...]`:
/// one output line per input line, the best conversion or the N best separated by tabs.
/// `--context TEXT` converts every reading after TEXT (as if TEXT stood before the cursor);
/// `--context-tsv` reads `context<TAB>reading` lines and answers each at once (flushed), so a
/// program can drive it word by word.
func runKanji(_ arguments: ArraySlice<String>) throws(CommandError) {
    var reader = ArgumentReader(arguments)
    var candidates = 1
    var dictionary: String?
    var exact = false
    var context: String?
    var contextTSV = false
    var text: [String] = []
    while let argument = reader.next() {
        switch argument {
        case "--exact": exact = true
        case "--candidates":
            let value = try reader.value(for: argument)
            guard let count = Int(value), (1...50).contains(count) else {
                throw CommandError(code: .usage, message: "--candidates \(value): expected a number from 1 to 50")
            }
            candidates = count
        case "--context": context = try reader.value(for: argument)
        case "--context-tsv": contextTSV = true
        case "--dictionary": dictionary = try reader.value(for: argument)
        case "--": text.append(contentsOf: reader.remaining())
        case let flag where flag.hasPrefix("--"): throw CommandError(code: .usage, message: "unknown option \(flag)")
        default: text.append(argument)
        }
    }
    if contextTSV && context != nil {
        throw CommandError(code: .usage, message: "--context and --context-tsv cannot be used together: --context-tsv reads each line's context from the line")
    }
    if contextTSV && !text.isEmpty {
        throw CommandError(code: .usage, message: "--context-tsv reads context<TAB>reading lines from standard input, not arguments")
    }
    let engine = RustCoreEngine.shared
    try loadDictionary(dictionary, engine: engine)
    if contextTSV {
        while let line = readLine(strippingNewline: true) {
            let (before, reading) = splitContextLine(line)
            print(kanjiLine(reading, engine: engine, alternatives: candidates, heard: !exact, context: before.map { .text($0) } ?? .none))
            fflush(nil)   // every stream: a driving program waits for this line
        }
        return
    }
    forEachInputLine(text) { line in
        print(kanjiLine(line, engine: engine, alternatives: candidates, heard: !exact, context: context.map { .text($0) } ?? .none))
    }
}

/// A `context<TAB>reading` line: the context (none when the line has no tab) and the reading.
func splitContextLine(_ line: String) -> (context: String?, reading: String) {
    guard let tab = line.firstIndex(of: "\t") else { return (nil, line) }
    return (String(line[..<tab]), String(line[line.index(after: tab)...]))
}

/// The conversions of one line; a line the core refuses is written as typed (and the
/// reason goes to stderr), so every input line gives exactly one output line.
func kanjiLine(_ line: String, engine: RustCoreEngine, alternatives: Int, heard: Bool, context: ConversionContext = .none) -> String {
    switch engine.convert(line, candidates: 1, alternatives: alternatives, matchingHeardSpellings: heard, context: context) {
    case .success(let conversion):
        let texts = alternatives == 1 || conversion.alternatives.isEmpty ? [conversion.bestText] : conversion.alternatives
        return texts.joined(separator: "\t")
    case .failure(let error):
        FileHandle.standardError.write(Data("cyrillic-ime: cannot convert \(line): \(error.message); writing the kana\n".utf8))
        return error.reading
    }
}

/// `convert --kanji`: the line typed key by key, and the words the writer separated with
/// spaces converted as one sentence with a word boundary at every space (no word spans it),
/// written without the spaces — Japanese has none. Each line starts a sentence of its own.
func convertLineToKanji(_ line: String, engine: RustCoreEngine, profileID: String) -> String {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map { chunk in
        convertLine(String(chunk), engine: engine, profileID: profileID)
    }
    guard !words.isEmpty else { return "" }
    switch engine.convert(words: words, candidates: 1) {
    case .success(let conversion): return conversion.bestText
    case .failure(let error):
        FileHandle.standardError.write(Data("cyrillic-ime: cannot convert a line to kanji: \(error.message); writing the kana\n".utf8))
        return words.joined()
    }
}

/// `dictionary [--dictionary FILE]`: where the compiled dictionary is, what it holds and
/// whether it loads.
func runDictionary(_ arguments: ArraySlice<String>) throws(CommandError) {
    var reader = ArgumentReader(arguments)
    var dictionary: String?
    while let argument = reader.next() {
        switch argument {
        case "--dictionary": dictionary = try reader.value(for: argument)
        default: throw CommandError(code: .usage, message: "unexpected argument \(argument)")
        }
    }
    let path = try dictionaryPath(dictionary)
    print("path\t\(path)")
    let info = try loadDictionary(dictionary, engine: RustCoreEngine.shared)
    print("bytes\t\(info.bytes) (\(String(format: "%.1f", Double(info.bytes) / 1_048_576)) MiB)")
    print("entries\t\(info.entries) over \(info.keys) readings")
    for key in ["source", "version", "license", "matrix", "wheel_sha256"] {
        if let value = info.metadata[key] { print("\(key)\t\(value)") }
    }
    print("mapped\t\(info.mapped ? "yes (memory-mapped, file-backed pages)" : "no (read into memory)")")
    print("loads\tyes")
}
