import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// `cyrillic-ime`: the command-line face of the engine. Every conversion goes through
/// `RustCoreEngine.processKey` one key at a time, exactly as the keyboard sends keys.

enum ExitCode: Int32 {
    case success = 0
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// The data files were rejected (EX_DATAERR).
    case dataError = 65
    /// A file could not be read (EX_NOINPUT).
    case noInput = 66
}

let usage = """
    Usage:
      cyrillic-ime convert [--profile ID] [--katakana] [--kanji [--dictionary FILE]]
                           [--profiles FILE] [--kana-engine FILE] [TEXT...]
          Converts TEXT (the arguments joined by spaces) typed key by key in profile ID
          (default rus_standard), flushing at the end of each line. Without TEXT, converts
          standard input line by line. --katakana writes katakana instead of hiragana.
          --kanji converts what was typed to kanji (each space converts the text before it,
          as the keyboard's space key does) and writes the best conversion.
      cyrillic-ime kanji [--exact] [--candidates N] [--dictionary FILE] [TEXT...]
          Converts kana (hiragana or katakana, with Japanese punctuation) to kanji: one output
          line per input line, the best conversion or the N best separated by tabs. --exact
          matches the reading only as typed, not also as heard (long vowels unmarked, …).
      cyrillic-ime dictionary [--dictionary FILE]
          Prints where the compiled dictionary is, its size, entries, source and version,
          and whether it loads.
      cyrillic-ime profiles [--id ID] [--profiles FILE] [--kana-engine FILE]
          Lists the profiles with their names and the rows of every layer and page.
      cyrillic-ime type [--profile ID] [--qwerty] [--inline] [--kana-only] [--dictionary FILE] [--store DIR]
          Types in the terminal as the keyboard does: draws the profile's keyboard and the
          document with its marked text. --qwerty maps a Latin keyboard onto the profile's
          key positions (q→й, w→ц, … on Russian); --inline shows pending input without
          marked text. Keys: Tab next profile, Ctrl-O letters/symbols layer, Ctrl-K shift
          (katakana; on the symbols layer the next page), Ctrl-N dakuten, ←/→ cursor,
          Backspace, Enter, Ctrl-C or Ctrl-D quit (then prints the document). On the symbols
          layer a key types the symbol at its place (й → 、). Letters compose; space converts
          (the candidate bar above the keys: 1-9 or Tab choose, ←/→ move between segments,
          Shift+←/→ resize, ↑/↓ page, Enter commits); --kana-only types kana as before.
          --store DIR is where learned choices are kept (once learning is wired).
      cyrillic-ime layout [--profile ID] [--width PT] [--landscape] [--globe]
                          [--insets LEFT,RIGHT,BOTTOM] [--layer ID [--page N]] [--svg FILE]
          Prints every key's frame for a keyboard WIDTH points wide (default 375) and, with
          --svg, draws the keyboard into FILE. --layer symbols --page 2 lays out another
          layer (default letters) and page (default 1).
      cyrillic-ime --help

    --profiles and --kana-engine load other data files instead of the bundled ones.
    --dictionary names the compiled dictionary; without it $CYRILLIC_IME_DICTIONARY is used
    (scripts/run.sh builds the dictionary and sets it).
    Exit codes: 0 success, 64 usage error, 65 data files rejected, 66 file not readable.
    """

struct CommandError: Error {
    var code: ExitCode
    var message: String
}

func fail(_ error: CommandError) -> Never {
    FileHandle.standardError.write(Data("cyrillic-ime: \(error.message)\n".utf8))
    if error.code == .usage {
        FileHandle.standardError.write(Data("Run `cyrillic-ime --help` for usage.\n".utf8))
    }
    exit(error.code.rawValue)
}

/// Parsed options common to every subcommand.
struct Options {
    var profileID = "rus_standard"
    var script = KanaScript.hiragana
    var profilesFile: String?
    var kanaEngineFile: String?
    var listOnlyID: String?
    var kanji = false
    var dictionaryFile: String?
    var text: [String] = []
}

func parseOptions(_ arguments: ArraySlice<String>, allowText: Bool) throws(CommandError) -> Options {
    var options = Options()
    var reader = ArgumentReader(arguments)
    while let argument = reader.next() {
        switch argument {
        case "--profile" where allowText: options.profileID = try reader.value(for: argument)
        case "--katakana" where allowText: options.script = .katakana
        case "--kanji" where allowText: options.kanji = true
        case "--dictionary" where allowText: options.dictionaryFile = try reader.value(for: argument)
        case "--id" where !allowText: options.listOnlyID = try reader.value(for: argument)
        case "--profiles": options.profilesFile = try reader.value(for: argument)
        case "--kana-engine": options.kanaEngineFile = try reader.value(for: argument)
        case "--": options.text.append(contentsOf: reader.remaining())
        case let flag where flag.hasPrefix("--"):
            throw CommandError(code: .usage, message: "unknown option \(flag)")
        default:
            guard allowText else { throw CommandError(code: .usage, message: "unexpected argument \(argument)") }
            options.text.append(argument)
        }
    }
    return options
}

func startEngine(_ options: Options) throws(CommandError) -> RustCoreEngine {
    let engine = RustCoreEngine.shared
    func read(_ path: String?, bundled name: String) throws(CommandError) -> String {
        do {
            if let path { return try String(contentsOfFile: path, encoding: .utf8) }
            return try BundledResources.text(of: name)
        } catch {
            throw CommandError(code: .noInput, message: "cannot read \(path ?? name): \(error.localizedDescription)")
        }
    }
    let profiles = try read(options.profilesFile, bundled: BundledResources.profilesFileName)
    let kana = try read(options.kanaEngineFile, bundled: BundledResources.kanaEngineFileName)
    do {
        try engine.initialize(profilesJSON: profiles, kanaEngineJSON: kana)
    } catch {
        let sources = "profiles: \(options.profilesFile ?? "bundled"), kana engine: \(options.kanaEngineFile ?? "bundled")"
        throw CommandError(code: .dataError, message: "data rejected (\(sources)): \(error.message)")
    }
    return engine
}

/// Types one line key by key, as the keyboard does, and flushes at the end.
func convertLine(_ line: String, engine: RustCoreEngine, profileID: String) -> String {
    var buffer = ""
    var inserted = ""
    for character in line {
        let result = engine.processKeyOrFallback(String(character), buffer: buffer, profileID: profileID)
        inserted += result.output
        buffer = result.buffer
    }
    inserted += engine.processKeyOrFallback(EngineKey.flush, buffer: buffer, profileID: profileID).output
    return inserted
}

func runConvert(_ arguments: ArraySlice<String>) throws(CommandError) {
    let options = try parseOptions(arguments, allowText: true)
    let engine = try startEngine(options)
    let known = engine.profiles()?.map(\.id) ?? []
    guard known.contains(options.profileID) else {
        throw CommandError(code: .usage, message: "unknown profile \(options.profileID) (known: \(known.joined(separator: ", ")))")
    }
    let profileID = options.script.qualifying(options.profileID)
    if options.kanji {
        try loadDictionary(options.dictionaryFile, engine: engine)
    }
    forEachInputLine(options.text) { line in
        print(options.kanji
            ? convertLineToKanji(line, engine: engine, profileID: profileID)
            : convertLine(line, engine: engine, profileID: profileID))
    }
}

func runProfiles(_ arguments: ArraySlice<String>) throws(CommandError) {
    let options = try parseOptions(arguments, allowText: false)
    let engine = try startEngine(options)
    var profiles = engine.profiles() ?? []
    if let id = options.listOnlyID {
        profiles = profiles.filter { $0.id == id }
        guard !profiles.isEmpty else {
            let known = (engine.profiles() ?? []).map(\.id).joined(separator: ", ")
            throw CommandError(code: .usage, message: "unknown profile \(id) (known: \(known))")
        }
    }
    for profile in profiles {
        print("\(profile.id)\t\(profile.names.en) · \(profile.names.ja) · \(profile.names.native)")
        for position in profile.allPositions {
            if let layer = profile.layers.first(where: { $0.id == position.layer }) {
                print("  \(layer.id) \(position.page + 1)/\(layer.pages.count) (\(profile.label(of: position)))")
            } else {
                print("  letters (\(profile.label(of: .letters)))")
            }
            for row in profile.rows(at: position) {
                print("    " + row.joined(separator: " "))
            }
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
do throws(CommandError) {
    switch arguments.first {
    case "convert": try runConvert(arguments.dropFirst())
    case "profiles": try runProfiles(arguments.dropFirst())
    case "kanji": try runKanji(arguments.dropFirst())
    case "dictionary": try runDictionary(arguments.dropFirst())
    case "type": try runType(arguments.dropFirst())
    case "layout": try runLayout(arguments.dropFirst())
    case "--help", "-h", "help": print(usage)
    case nil: throw CommandError(code: .usage, message: "missing subcommand (convert, kanji, dictionary, profiles, type or layout)")
    case let other?: throw CommandError(code: .usage, message: "unknown subcommand \(other)")
    }
} catch {
    fail(error)
}
