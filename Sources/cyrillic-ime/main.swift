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

struct CommandError: Error {
    var code: ExitCode
    var message: String
}

func fail(_ error: CommandError) -> Never {
    FileHandle.standardError.write(Data("cyrillic-ime: \(error.message)\n".utf8))
    if error.code == .usage {
        let command = CommandLine.arguments.dropFirst().first.flatMap { name in Commands.all.first { $0.name == name } }
        let help = command.map { "cyrillic-ime \($0.name) --help" } ?? "cyrillic-ime --help"
        FileHandle.standardError.write(Data("Run `\(help)` for usage.\n".utf8))
    }
    exit(error.code.rawValue)
}

/// Options several subcommands share, read from their parsed arguments.
struct Options {
    var profileID = "rus_standard"
    var script = KanaScript.hiragana
    var profilesFile: String?
    var kanaEngineFile: String?
    var dictionaryFile: String?

    init(_ arguments: ParsedArguments) {
        profileID = arguments.value("--profile") ?? profileID
        script = arguments.has("--katakana") ? .katakana : .hiragana
        profilesFile = arguments.value("--profiles")
        kanaEngineFile = arguments.value("--kana-engine")
        dictionaryFile = arguments.value("--dictionary")
    }
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

/// Types one line key by key, as the keyboard does, and flushes at the end. A key the core
/// refuses is written as typed (nothing is lost) and line `number` is warned about on stderr.
func convertLine(_ line: String, number: Int? = nil, engine: RustCoreEngine, profileID: String) -> String {
    typeLine(line, number: number, engine: engine, profileID: profileID).text
}

/// `convertLine`, with what was typed for the text word by word, as the keyboard's composition
/// remembers it (`TypedLetters`; ranges in the text's Unicode scalars).
func typeLine(_ line: String, number: Int? = nil, engine: RustCoreEngine, profileID: String) -> (text: String, typing: TypedLetters) {
    var buffer = ""
    var inserted = ""
    var insertedLength = 0
    var typing = TypedLetters()
    var problem: String?
    func send(_ key: String) {
        let result = engine.processKey(key, buffer: buffer, profileID: profileID) ?? .fallback(key: key, buffer: buffer)
        if result.action == .error || result.error != nil, problem == nil {
            problem = result.error ?? "the Rust core failed without a message"
        }
        if result.action == .error {
            typing.forgetKana(from: insertedLength)  // written as typed: no longer what the letters composed to
        } else {
            typing.record(key: key, kanaLength: insertedLength, pendingBefore: buffer, output: result.output, pendingAfter: result.buffer)
        }
        inserted += result.output
        insertedLength += result.output.unicodeScalars.count
        buffer = result.buffer
    }
    for character in line { send(String(character)) }
    send(EngineKey.flush)
    if let problem { warn(line: number, "\(problem); the keys it refused were written as typed") }
    return (inserted, typing)
}

/// A warning on stderr, naming the input line when there is one; never the input itself.
func warn(line number: Int?, _ message: String) {
    let place = number.map { "line \($0): " } ?? ""
    FileHandle.standardError.write(Data("cyrillic-ime: warning: \(place)\(message)\n".utf8))
}

func runConvert(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.convert)
    let options = Options(parsed)
    let kanji = parsed.has("--kanji")
    let engine = try startEngine(options)
    let known = engine.profiles()?.map(\.id) ?? []
    guard known.contains(options.profileID) else {
        throw CommandError(code: .usage, message: "unknown profile \(options.profileID) (known: \(known.joined(separator: ", ")))")
    }
    let profileID = options.script.qualifying(options.profileID)
    if kanji {
        try loadDictionary(options.dictionaryFile, engine: engine)
        try consultStore(parsed, engine: engine)
    }
    let profile = engine.profiles()?.first { $0.id == options.profileID }
    forEachInputLine(parsed.operands) { line, number in
        print(kanji
            ? convertLineToKanji(line, number: number, engine: engine, profileID: profileID, profile: profile)
            : convertLine(line, engine: engine, profileID: profileID))
    }
}

func runProfiles(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.profiles)
    let options = Options(parsed)
    let engine = try startEngine(options)
    var profiles = engine.profiles() ?? []
    if let id = parsed.value("--id") {
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

warnAboutInvalidUTF8Arguments()
let arguments = CommandLine.arguments.dropFirst()
do throws(CommandError) {
    switch arguments.first {
    case "convert": try runConvert(arguments.dropFirst())
    case "profiles": try runProfiles(arguments.dropFirst())
    case "kanji": try runKanji(arguments.dropFirst())
    case "dictionary": try runDictionary(arguments.dropFirst())
    case "type": try runType(arguments.dropFirst())
    case "layout": try runLayout(arguments.dropFirst())
    case "words": try runWords(arguments.dropFirst())
    case "forget": try runForget(arguments.dropFirst())
    case "--version", "version": try runVersion(arguments.dropFirst())
    case "--help", "-h": print(topLevelHelp)
    case "help":
        let rest = arguments.dropFirst()
        if let name = rest.first {
            guard let spec = Commands.all.first(where: { $0.name == name }), rest.count == 1 else {
                throw CommandError(code: .usage, message: "help for what? \(rest.joined(separator: " ")) is not a subcommand (\(Commands.all.map(\.name).joined(separator: ", ")))")
            }
            print(spec.help)
        } else {
            print(topLevelHelp)
        }
    case nil: throw CommandError(code: .usage, message: "missing subcommand (\(Commands.all.map(\.name).joined(separator: ", ")))")
    case let other?: throw CommandError(code: .usage, message: "unknown subcommand \(other) (\(Commands.all.map(\.name).joined(separator: ", ")), or --help, --version)")
    }
} catch {
    fail(error)
}
