import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

// What a keyboard extension does, on the command line: start the core from the package's own
// data, load the dictionary, then type Cyrillic key by key into a text field — once in kana
// only, once converting to kanji with the space key. On device the text field is UIKit's
// (UIKitTextDocumentProxy); here it is the in-memory one.
//
//   Consumer [--dictionary FILE] [--memory] [TEXT]   (default text: ватасинонамаэванаканодэсу)
// Prints `kana: …` and `kanji: …`; exits 1 with the reason on stderr when anything fails.
// --memory also prints the process's resident memory split into anonymous (what an iOS
// extension's memory limit counts) and file-backed (the mapped dictionary, shared libraries),
// from /proc/self/status where there is one (Linux).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Consumer: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var dictionaryPath = ProcessInfo.processInfo.environment["CYRILLIC_IME_DICTIONARY"]
if let flag = arguments.firstIndex(of: "--dictionary") {
    guard flag + 1 < arguments.count else { fail("--dictionary needs a file") }
    dictionaryPath = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
var showMemory = false
if let flag = arguments.firstIndex(of: "--memory") {
    showMemory = true
    arguments.remove(at: flag)
}
let text = arguments.isEmpty ? "ватасинонамаэванаканодэсу" : arguments.joined(separator: " ")

let engine = RustCoreEngine.shared
do {
    try engine.initializeWithBundledResources()
} catch {
    fail("the core did not start: \(error)")
}
// The extension ships mozc.cimedic among its resources; a tool may name a file instead.
do {
    let info = try dictionaryPath.map { try engine.loadDictionary(atPath: $0) } ?? engine.loadDictionary(in: .main)
    FileHandle.standardError.write(Data("Consumer: dictionary \(info.path), \(info.entries) entries, mapped: \(info.mapped)\n".utf8))
} catch {
    fail("no dictionary: \(error)")
}

/// Types `text` on a keyboard whose profile is Russian (Polivanov) and returns the text field.
func type(_ text: String, kanaOnly: Bool) -> String {
    let profiles: ProfileManager
    do {
        profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
    } catch {
        fail("no profiles: \(error)")
    }
    guard profiles.select("rus_standard") else { fail("the core has no profile rus_standard") }
    let field = InMemoryTextDocumentProxy()
    let keyboard = KeyboardController(
        engine: engine, proxy: field, profiles: profiles, scheduler: MainQueueScheduler(),
        settings: KeyboardSettings(kanaOnlyProfiles: kanaOnly ? ["rus_standard"] : []))
    for character in text {
        keyboard.tap(character == " " ? .space : .character(String(character)))
    }
    if !kanaOnly { keyboard.tap(.space) }  // convert: the best candidate of every segment
    keyboard.keyboardWillHide()            // commits what is composed or converted
    return field.documentContextBeforeInput ?? ""
}

print("kana: \(type(text, kanaOnly: true))")
print("kanji: \(type(text, kanaOnly: false))")

if showMemory {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let fields = status.split(separator: "\n").filter { $0.hasPrefix("RssAnon:") || $0.hasPrefix("RssFile:") || $0.hasPrefix("VmHWM:") }
    print("memory: " + (fields.isEmpty ? "no /proc/self/status here" : fields.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.joined(separator: ", ")))
}
