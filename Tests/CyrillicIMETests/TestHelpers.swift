import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The profile every test types in.
let standardProfile = "rus_standard"

/// What typing one text produced: everything inserted, and every key the core did not
/// handle cleanly (a NULL result or an `.error` action), described for a failure message.
struct TypedText: Sendable {
    var inserted: String
    var problems: [String]
}

/// Types `text` one character at a time with the pending buffer carried over, then sends
/// `EngineKey.flush`, exactly as the keyboard does. Keys the core fails on fall back to
/// `ConversionResult.fallback` (so nothing is lost) and are listed in `problems`.
func typeTextDetailed(
    _ text: String, profile: String, engine: RustCoreEngine = .shared
) -> TypedText {
    var buffer = ""
    var inserted = ""
    var problems: [String] = []
    func send(_ key: String) {
        let result: ConversionResult
        if let answer = engine.processKey(key, buffer: buffer, profileID: profile) {
            result = answer
            if answer.action == .error {
                problems.append("\(key.debugDescription) after \(buffer.debugDescription): \(answer.error ?? "error without message")")
            }
        } else {
            problems.append("\(key.debugDescription) after \(buffer.debugDescription): the core returned NULL")
            result = .fallback(key: key, buffer: buffer)
        }
        inserted += result.output
        buffer = result.buffer
    }
    for character in text {
        send(String(character))
    }
    send(EngineKey.flush)
    if !buffer.isEmpty {
        problems.append("flush left \(buffer.debugDescription) pending")
    }
    return TypedText(inserted: inserted, problems: problems)
}

/// Types `text` key by key in `profile` through `RustCoreEngine.shared`, flushes, and
/// returns everything inserted.
func typeText(_ text: String, profile: String) -> String {
    typeTextDetailed(text, profile: profile).inserted
}

/// Reloads the bundled data into the shared Rust engine; every test that reloads
/// something else calls this before it ends, because all tests share that engine.
func restoreBundledEngine(file: StaticString = #filePath, line: UInt = #line) {
    do {
        try RustCoreEngine.shared.initializeWithBundledResources()
    } catch {
        XCTFail("the bundled data was rejected: \(error.message)", file: file, line: line)
    }
}

/// Worked examples (profile, typed, expected) from Tests/fixtures/examples.tsv, the file the
/// Rust tests read too, written out independently of profiles.json.
let workedExamples: [(profile: String, typed: String, kana: String)] = {
    let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/examples.tsv")
    guard let text = try? String(contentsOf: fixture, encoding: .utf8) else {
        fatalError("cannot read \(fixture.path)")
    }
    switch parseWorkedExamples(text, file: fixture.path) {
    case .success(let examples): return examples
    case .failure(let error): fatalError(error.message)
    }
}()

struct FixtureError: Error, Equatable {
    var message: String
}

/// Reads the rows of examples.tsv: `#` comments and empty lines are skipped; every other
/// line must be exactly three non-empty tab-separated fields, or the whole file is refused
/// with the line number and what is wrong (a malformed row must not vanish silently).
func parseWorkedExamples(_ text: String, file: String) -> Result<[(profile: String, typed: String, kana: String)], FixtureError> {
    var rows: [(profile: String, typed: String, kana: String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.isEmpty || line.hasPrefix("#") { continue }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3, !fields.contains(where: \.isEmpty) else {
            return .failure(FixtureError(message: "\(file) line \(index + 1): expected 3 non-empty tab-separated fields (profile, typed, expected), found \(fields.count) in \(String(line).debugDescription)"))
        }
        rows.append((fields[0], fields[1], fields[2]))
    }
    return .success(rows)
}

/// The worked examples of `rus_standard`, shared by the round-trip and concurrency tests.
let referenceWords: [(typed: String, kana: String)] =
    workedExamples.filter { $0.profile == standardProfile }.map { ($0.typed, $0.kana) }

/// A test case that starts and ends on the bundled engine: every test shares the one
/// process-wide engine, and some load other data into it.
class BundledEngineTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        restoreBundledEngine()
    }

    override func tearDown() {
        restoreBundledEngine()
        super.tearDown()
    }
}

/// Where the tests on the real dictionary start: the shared core with the bundled profiles and
/// the compiled dictionary (`compiledDictionaryPath()`) loaded.
func loadBundledEngineAndDictionary() throws {
    let path = try compiledDictionaryPath()
    try RustCoreEngine.shared.initializeWithBundledResources()
    try RustCoreEngine.shared.loadDictionary(atPath: path)
}

/// The compiled Mozc dictionary the dictionary-backed tests run on: $CYRILLIC_IME_DICTIONARY
/// when set (scripts/test.sh sets it), else `.dictionary/mozc.cimedic` in this package (where
/// scripts/build_dictionary.sh writes it), so a bare `swift test` finds it too. Without one
/// the test fails, saying how to build it: it is never skipped.
func compiledDictionaryPath() throws -> String {
    if let path = ProcessInfo.processInfo.environment["CYRILLIC_IME_DICTIONARY"], !path.isEmpty {
        return path
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let built = package.appendingPathComponent(".dictionary/mozc.cimedic").path
    guard FileManager.default.fileExists(atPath: built) else {
        throw MissingDictionary(path: built)
    }
    return built
}

struct MissingDictionary: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "no compiled dictionary at \(path) and CYRILLIC_IME_DICTIONARY is not set: build it with scripts/build_dictionary.sh (or run scripts/test.sh, which builds everything)"
    }
}
