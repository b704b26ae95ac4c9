import CyrillicIME
import Foundation

/// `words` and `forget`: the writer's own words and forgetting, on the store the terminal
/// keyboard learns into (`--store DIR`, else `defaultStoreDirectory()`). The core keeps the
/// store (docs/LEARNING.md); these only parse, ask and print.

/// Opens the store of `--store` (or the default one). For a change, a place that cannot be
/// written is an error here, unlike in the keyboard: a change that would not last is refused.
func openStore(_ parsed: ParsedArguments, engine: RustCoreEngine, forChange: Bool = true) throws(CommandError) -> UserStoreInfo {
    let directory = parsed.value("--store") ?? defaultStoreDirectory()
    let info: UserStoreInfo
    do {
        info = try engine.openUserStore(atDirectory: directory)
    } catch {
        throw CommandError(code: .noInput, message: error.message)
    }
    // A damaged file set aside, a leftover removed: the writer should know.
    for warning in info.warnings { warn(line: nil, warning) }
    guard info.persistent || !forChange else {
        throw CommandError(code: .noInput, message: "the store \(directory) cannot be written, so nothing was changed")
    }
    return info
}

/// A reading as the store keeps it: kana as given (the core checks it), Cyrillic typed in
/// `--profile` first (накано → なかの).
func storeReading(_ text: String, parsed: ParsedArguments) throws(CommandError) -> String {
    let isKana = text.unicodeScalars.allSatisfy { (0x3041...0x30FF).contains($0.value) }
    guard !isKana else { return text }
    let options = Options(parsed)
    let engine = try startEngine(options)
    let known = engine.profiles()?.map(\.id) ?? []
    guard known.contains(options.profileID) else {
        throw CommandError(code: .usage, message: "unknown profile \(options.profileID) (known: \(known.joined(separator: ", ")))")
    }
    return convertLine(text, engine: engine, profileID: options.profileID)
}

/// A change the store could not save lasts only until this command ends: said on stderr, in
/// words (docs/LEARNING.md, "Failures").
func warnIfNotSaved(_ save: StoreSave) {
    guard let problem = save.problem else { return }
    FileHandle.standardError.write(Data("cyrillic-ime: warning: not saved: \(problem)\n".utf8))
}

/// One word as `words` prints it: reading, text and class, tab-separated.
func wordLine(_ word: UserWord) -> String {
    "\(word.reading)\t\(word.text)\t\(word.wordClass)"
}

/// `words add READING TEXT [--class CLASS] | remove READING TEXT | list`. The class name is
/// forwarded as given: the core knows the classes, and its error lists them.
func runWords(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.words)
    let operands = parsed.operands
    let action = operands.first ?? ""
    let expected = ["add": 3, "remove": 3, "list": 1]
    guard let count = expected[action] else {
        throw CommandError(code: .usage, message: action.isEmpty
            ? "words needs add READING TEXT, remove READING TEXT or list"
            : "words \(action): expected add, remove or list")
    }
    guard operands.count == count else {
        throw CommandError(code: .usage, message: count == 1
            ? "words list takes no arguments"
            : "words \(action) needs READING and TEXT, got \(operands.count - 1) argument\(operands.count == 2 ? "" : "s")")
    }
    let wordClass = parsed.value("--class")
    if wordClass != nil && action != "add" {
        throw CommandError(code: .usage, message: "--class goes only with words add (a word is removed whatever its class)")
    }
    let engine = RustCoreEngine.shared
    // The reading is checked (and typed) before the store is touched.
    let reading = count == 3 ? try storeReading(operands[1], parsed: parsed) : ""
    let info = try openStore(parsed, engine: engine, forChange: action != "list")
    do {
        // The core stores readings as hiragana: the word that came or went is found by
        // comparing the lists, so what is printed is what the store holds.
        let before = action == "list" ? [] : try engine.userWords()
        switch action {
        case "add":
            let change = try engine.addUserWord(reading: reading, text: operands[2], wordClass: wordClass ?? UserWord.defaultClass)
            warnIfNotSaved(change.save)
            let words = change.value
            let count = "\(words.count) word\(words.count == 1 ? "" : "s") in \(info.directory)"
            guard let added = words.first(where: { !before.contains($0) }) else {
                // Nothing changed: the word is there with this very class.
                print("already there: \(reading)\t\(operands[2])\t\(wordClass ?? UserWord.defaultClass)  (\(count))")
                return
            }
            // The same reading and text there before: only its class changed.
            if let old = before.first(where: { $0.reading == added.reading && $0.text == added.text }) {
                print("changed the class of \(wordLine(added))  (was \(old.wordClass); \(count))")
            } else {
                print("added \(wordLine(added))  (\(count))")
            }
        case "remove":
            let change = try engine.removeUserWord(reading: reading, text: operands[2])
            warnIfNotSaved(change.save)
            let words = change.value
            let removed = before.first { !words.contains($0) }
            print("removed \(removed?.reading ?? reading)\t\(operands[2])  (\(words.count) word\(words.count == 1 ? "" : "s") left)")
        default:
            for word in try engine.userWords() { print(wordLine(word)) }
        }
    } catch {
        throw CommandError(code: .usage, message: error.message.replacingOccurrences(of: "$", with: ""))
    }
}

/// `forget [--all [--words]] | READING [TEXT]`.
func runForget(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.forget)
    let operands = parsed.operands
    if parsed.has("--all") {
        guard operands.isEmpty else {
            throw CommandError(code: .usage, message: "--all and a READING cannot be used together: --all forgets everything")
        }
    } else {
        guard (1...2).contains(operands.count) else {
            throw CommandError(code: .usage, message: operands.isEmpty
                ? "forget needs a READING (and optionally its TEXT), or --all"
                : "forget takes a READING and at most one TEXT, got \(operands.count) arguments")
        }
    }
    let engine = RustCoreEngine.shared
    let reading = operands.isEmpty ? "" : try storeReading(operands[0], parsed: parsed)
    let info = try openStore(parsed, engine: engine)
    let forgotten: Int
    do {
        let change: UserStoreChange<Int>
        if parsed.has("--all") {
            change = try engine.forgetEverything(includingWords: parsed.has("--words"))
        } else if operands.count == 2 {
            change = try engine.forget(reading: reading, text: operands[1])
        } else {
            change = try engine.forget(reading: reading)
        }
        warnIfNotSaved(change.save)
        forgotten = change.value
    } catch {
        throw CommandError(code: .usage, message: error.message.replacingOccurrences(of: "$", with: ""))
    }
    let what = parsed.has("--all") ? (parsed.has("--words") ? "everything learned and your words" : "everything learned")
        : operands.count == 2 ? "\(reading) → \(operands[1])" : "what was learned for \(reading)"
    print("forgot \(what): \(forgotten) entr\(forgotten == 1 ? "y" : "ies") (\(info.directory))")
}

/// `version` (`--version`): the package, the C ABI and the dictionary. A dictionary that is
/// missing or does not load is said so, not an error: the rest is still worth printing.
func runVersion(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.version)
    let engine = RustCoreEngine.shared
    print("cyrillic-ime \(engine.coreVersion ?? "unknown (the core returned nothing)")")
    print("C ABI \(engine.abiVersion)")
    do {
        let info = try loadDictionary(parsed.value("--dictionary"), engine: engine)
        let source = info.metadata["source"].map { ": \($0)" } ?? ""
        print("dictionary \(info.metadata["version"] ?? "(no version recorded)"), checksum \(info.checksum ?? "unknown") (\(info.path)\(source))")
    } catch {
        print("dictionary none: \(error.message)")
    }
}
