import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Key-by-key conversions through `RustCoreEngine` with the bundled data.
final class RoundTripTests: BundledEngineTestCase {
    private let engine = RustCoreEngine.shared


    private func key(
        _ key: String, buffer: String, profile: String = standardProfile,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ConversionResult {
        try XCTUnwrap(engine.processKey(key, buffer: buffer, profileID: profile),
                      "the core returned NULL for \(key.debugDescription)", file: file, line: line)
    }

    func testKonnitiwaKeyByKeyCarriesTheBuffer() throws {
        // (key, output, buffer after the key, action) — the keyboard's view of every keystroke.
        let steps: [(String, String, String, ConversionResult.Action)] = [
            ("к", "", "к", .compose),
            ("о", "こ", "", .commit),
            ("н", "", "н", .compose),   // could still become на, ни, …
            ("н", "ん", "н", .compose), // нн: the first н is ん, the second waits
            ("и", "に", "", .commit),
            ("т", "", "т", .compose),
            ("и", "ち", "", .commit),
            ("в", "", "в", .compose),
            ("а", "わ", "", .commit),
            (EngineKey.flush, "", "", .commit),
        ]
        var buffer = ""
        var inserted = ""
        for (index, (key, output, newBuffer, action)) in steps.enumerated() {
            let result = try self.key(key, buffer: buffer)
            XCTAssertEqual(result, ConversionResult(output: output, buffer: newBuffer, action: action),
                           "step \(index): \(key.debugDescription) after \(buffer.debugDescription)")
            inserted += result.output
            buffer = result.buffer
        }
        XCTAssertEqual(inserted, "こんにちわ")
        XCTAssertEqual(typeText("коннитива", profile: standardProfile), "こんにちわ")
    }

    func testConsonantComposesThenSyllableCommits() throws {
        let first = try key("к", buffer: "")
        XCTAssertEqual(first.action, .compose)
        XCTAssertEqual(first.buffer, "к")
        XCTAssertEqual(first.output, "")
        XCTAssertNil(first.error)

        let second = try key("а", buffer: first.buffer)
        XCTAssertEqual(second.output, "か")
        XCTAssertEqual(second.buffer, "")
        XCTAssertEqual(second.action, .commit)
    }

    func testReferenceWordsConvert() {
        for (typed, kana) in referenceWords {
            let result = typeTextDetailed(typed, profile: standardProfile)
            XCTAssertEqual(result.inserted, kana, typed)
            XCTAssertEqual(result.problems, [], typed)
        }
    }

    func testBackspaceWithPendingBufferDropsTheLastCharacter() throws {
        let fromTwo = try key(EngineKey.backspace, buffer: "дз")
        XCTAssertEqual(fromTwo, ConversionResult(output: "", buffer: "д", action: .compose))

        let fromOne = try key(EngineKey.backspace, buffer: "к")
        XCTAssertEqual(fromOne, ConversionResult(output: "", buffer: "", action: .commit))

        // The shortened buffer keeps composing: дз + а is still ざ after a backspace from дзз.
        let shortened = try key(EngineKey.backspace, buffer: "дзз")
        XCTAssertEqual(shortened.buffer, "дз")
        XCTAssertEqual(try key("а", buffer: shortened.buffer).output, "ざ")
    }

    func testBackspaceWithEmptyBufferDeletesBackward() throws {
        let result = try key(EngineKey.backspace, buffer: "")
        XCTAssertEqual(result, ConversionResult(output: "", buffer: "", action: .deleteBackward))
    }

    func testSpaceAndEnterFlushThenInsert() throws {
        XCTAssertEqual(try key(EngineKey.space, buffer: "н"),
                       ConversionResult(output: "ん ", buffer: "", action: .commit))
        XCTAssertEqual(try key(EngineKey.enter, buffer: "н"),
                       ConversionResult(output: "ん\n", buffer: "", action: .commit))
        XCTAssertEqual(try key(EngineKey.space, buffer: ""),
                       ConversionResult(output: " ", buffer: "", action: .commit))
        // A consonant with no rule of its own is committed as typed before the space.
        XCTAssertEqual(try key(EngineKey.space, buffer: "к").output, "к ")
    }

    func testFlushCommitsThePendingBuffer() throws {
        XCTAssertEqual(try key(EngineKey.flush, buffer: "н"),
                       ConversionResult(output: "ん", buffer: "", action: .commit))
        XCTAssertEqual(try key(EngineKey.flush, buffer: ""),
                       ConversionResult(output: "", buffer: "", action: .commit))
    }

    func testUnknownProfileIsAnErrorThatLosesNothing() throws {
        let profile = "no_such_profile"
        let result = try key("а", buffer: "к", profile: profile)
        XCTAssertEqual(result.action, .error)
        XCTAssertEqual(result.output, "ка", "the pending buffer and the key, as typed")
        XCTAssertEqual(result.buffer, "")
        let message = try XCTUnwrap(result.error)
        XCTAssertTrue(message.contains(profile), message)
        XCTAssertTrue(message.contains(standardProfile), "the message lists the known profiles: \(message)")

        let space = try key(EngineKey.space, buffer: "н", profile: profile)
        XCTAssertEqual(space.action, .error)
        XCTAssertEqual(space.output, "н ")

        let typed = typeTextDetailed("ка", profile: profile)
        XCTAssertEqual(typed.inserted, "ка")
        XCTAssertEqual(typed.problems.count, 3, "both keys and the flush fail: \(typed.problems)")
    }

    func testOversizedInputIsAnErrorThatLosesNothing() throws {
        let longBuffer = String(repeating: "к", count: 200) // 400 bytes, over the 256-byte limit
        let result = try key("а", buffer: longBuffer)
        XCTAssertEqual(result.action, .error)
        XCTAssertEqual(result.output, longBuffer + "а")
        XCTAssertEqual(result.buffer, "")
        XCTAssertTrue(result.error?.contains("buffer") ?? false, result.error ?? "no message")

        let longKey = String(repeating: "😀", count: 100) // 400 bytes
        let keyResult = try key(longKey, buffer: "н")
        XCTAssertEqual(keyResult.action, .error)
        XCTAssertEqual(keyResult.output, "н" + longKey)
        XCTAssertTrue(keyResult.error?.contains("key") ?? false, keyResult.error ?? "no message")
    }

    func testUppercaseCyrillicConvertsLikeLowercase() throws {
        let capital = try key("К", buffer: "")
        XCTAssertEqual(capital, ConversionResult(output: "", buffer: "к", action: .compose),
                       "the pending buffer holds the form the table knows")
        XCTAssertEqual(try key("А", buffer: capital.buffer).output, "か")

        XCTAssertEqual(typeText("КОННИТИВА", profile: standardProfile), "こんにちわ")
        for (typed, kana) in referenceWords {
            let upper = typed.uppercased()
            XCTAssertEqual(typeText(upper, profile: standardProfile), kana, upper)
        }
    }

    func testLatinAndEmojiAreInsertedAsTyped() throws {
        for text in ["Tokyo", "ABC xyz", "😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "é", "5+5=10"] {
            let result = typeTextDetailed(text, profile: standardProfile)
            XCTAssertEqual(result.inserted, text)
            XCTAssertEqual(result.problems, [], text)
        }
        // A single emoji key commits at once, even while Cyrillic is pending.
        XCTAssertEqual(try key("😀", buffer: ""), ConversionResult(output: "😀", buffer: "", action: .commit))
        let afterPending = try key("😀", buffer: "к")
        XCTAssertEqual(afterPending.output, "к😀")
        XCTAssertEqual(afterPending.action, .commit)
        // Latin letters in a Cyrillic profile are not case-folded into anything.
        XCTAssertEqual(try key("A", buffer: "").output, "A")
    }

    func testProcessKeyOrFallbackPassesTheCoresAnswerOn() throws {
        let cases: [(String, String, ConversionResult)] = [
            ("а", "к", ConversionResult(output: "か", buffer: "", action: .commit)),
            ("н", "н", ConversionResult(output: "ん", buffer: "н", action: .compose)),
            (EngineKey.backspace, "", ConversionResult(output: "", buffer: "", action: .deleteBackward)),
            (EngineKey.space, "н", ConversionResult(output: "ん ", buffer: "", action: .commit)),
        ]
        for (key, buffer, expected) in cases {
            XCTAssertEqual(engine.processKeyOrFallback(key, buffer: buffer, profileID: standardProfile), expected,
                           "\(key.debugDescription) after \(buffer.debugDescription)")
        }
    }

    func testDecomposedLettersConvertLikePrecomposedOnes() throws {
        // ё as е + U+0308 and й as и + U+0306 (pasted text): one Character, one key each.
        XCTAssertEqual(typeText("е\u{308}кохама саи\u{306}", profile: standardProfile), "よこはま さい")
        XCTAssertEqual(typeText("Е\u{308}КОХАМА", profile: standardProfile), "よこはま")
        XCTAssertEqual(typeText("Киі\u{308}в", profile: "ukr"), typeText("Київ", profile: "ukr"))
        XCTAssertFalse(typeText("Киі\u{308}в", profile: "ukr").unicodeScalars.contains("\u{308}"))
        XCTAssertEqual(typeText("у\u{306}", profile: "bel"), typeText("ў", profile: "bel"))
        // The whole text as one key (a paste) too: й waits for a vowel (йо, йа, …).
        XCTAssertEqual(try key("саи\u{306}", buffer: ""), ConversionResult(output: "さ", buffer: "й", action: .compose))
        XCTAssertEqual(try key("\u{306}", buffer: "и"), ConversionResult(output: "", buffer: "й", action: .compose))
        // A stress mark makes no letter: it stays.
        XCTAssertEqual(typeText("ка\u{301}", profile: standardProfile), "か\u{301}")
    }
}
