import Foundation
import XCTest
@testable import CyrillicIME

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

/// Spelling → kana pairs written out independently of profiles.json (the Polivanov
/// system and the common aliases), shared by the round-trip and concurrency tests.
let referenceWords: [(typed: String, kana: String)] = [
    ("коннитива", "こんにちわ"),
    ("аригато-", "ありがとー"),
    ("сэнсэй", "せんせい"),
    ("Хоккайдо:", "ほっかいどー"),
    ("Симбаси", "しんばし"),
    ("Гумма", "ぐんま"),
    ("синъитиро", "しんいちろ"),
    ("н'я", "んや"),
    ("маття", "まっちゃ"),
    ("матча", "まっちゃ"),
    ("кёто", "きょと"),
    ("дзюдо", "じゅど"),
    ("цунами", "つなみ"),
    ("фудзи", "ふじ"),
    ("суши", "すし"),
    ("ниндзя", "にんじゃ"),
    ("ёкохама", "よこはま"),
    ("ниигата", "にいがた"),
    ("ватаси во", "わたし を"),
    ("Токио, Осака.", "ときお、 おさか。"),
    ("тэмпура", "てんぷら"),
    ("сэмпай", "せんぱい"),
    ("кин'ё:би", "きんよーび"),
    ("гакко:", "がっこー"),
    ("иссё", "いっしょ"),
    ("ниппон", "にっぽん"),
    ("миццу", "みっつ"),
    ("тайра", "たいら"),
    ("ка5", "か5"),
    ("к😀а", "к😀あ"),
]
