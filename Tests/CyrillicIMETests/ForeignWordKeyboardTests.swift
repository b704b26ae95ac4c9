import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The writer's own names typed through the keyboard on the real dictionary (issue 40): the
/// composition sends what was typed, and the core offers the foreign word — alone, and inside a
/// sentence typed word by word as this keyboard's writers type.
final class ForeignWordKeyboardTests: XCTestCase {
    override func setUpWithError() throws {
        try loadBundledEngineAndDictionary()
    }

    private func keyboard(profile: String = "rus_standard") throws -> KeyboardHarness {
        let keyboard = try KeyboardHarness(engine: RustCoreEngine.shared, kanaOnly: false)
        XCTAssertTrue(keyboard.controller.selectProfile(profile))
        return keyboard
    }

    /// Every candidate of every segment of the conversion shown.
    private func candidates(_ keyboard: KeyboardHarness) -> [String] {
        keyboard.controller.conversion?.segments.flatMap(\.candidates) ?? []
    }

    func testACityTypedAloneConvertsToItsKatakana() throws {
        let keyboard = try keyboard()
        keyboard.type("Москва ")
        XCTAssertEqual(keyboard.controller.conversion?.reading, "もсくぁ")
        XCTAssertEqual(keyboard.document.markedText, "モスクワ")
        XCTAssertTrue(candidates(keyboard).contains("Москва"), "the spelling as typed is a candidate: \(candidates(keyboard))")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "モスクワ")
    }

    func testANameInASentenceTypedWordByWord() throws {
        let keyboard = try keyboard()
        keyboard.type("ватаси но намаэ ва Иван ")
        XCTAssertEqual(keyboard.controller.conversion?.reading, "いわん")
        let shown = candidates(keyboard)
        XCTAssertTrue(shown.contains("イワン"), "\(shown)")
        XCTAssertEqual(keyboard.document.markedText, "イワン", "a capital inside a sentence counts for the name")
        keyboard.type("дэс \n")
        XCTAssertEqual(keyboard.document.text, "私の名前はイワンです")
    }

    func testTheSameWordInLowerCaseAtTheStartStaysJapanese() throws {
        let keyboard = try keyboard()
        keyboard.type("иван ")
        XCTAssertNotEqual(keyboard.document.markedText, "イワン", "no capital: the Japanese reading comes first")
    }

    /// The texts the bar shows.
    private func bar(_ keyboard: KeyboardHarness) -> [String] {
        keyboard.controller.candidateBar.items.map(\.text)
    }

    func testANameTypedInLowerCaseIsOfferedInTheBarAndCommittedByATap() throws {
        // The screen keyboard has no capitals: `наташа` converts as な|他社, but the bar
        // offers the name while it is composed.
        let keyboard = try keyboard()
        keyboard.type("наташа")
        XCTAssertEqual(keyboard.document.markedText, "なたしゃ")
        let shown = bar(keyboard)
        let index = try XCTUnwrap(shown.firstIndex(of: "ナターシャ"), "\(shown)")
        keyboard.controller.chooseCandidate(at: index)
        XCTAssertEqual(keyboard.document.text, "ナターシャ")
        XCTAssertEqual(keyboard.controller.inputState, .idle)
    }

    func testALowerCaseWordOffersItsJapaneseReadingFirstAndTheNameSecond() throws {
        let keyboard = try keyboard()
        keyboard.type("китай")
        XCTAssertEqual(Array(bar(keyboard).prefix(2)), ["期待", "中国"], "\(bar(keyboard))")
        keyboard.controller.chooseCandidate(at: 1)
        XCTAssertEqual(keyboard.document.text, "中国")
    }

    func testACityAfterWhichTheSentenceGoesOn() throws {
        let keyboard = try keyboard()
        keyboard.type("Москва кара кимасита \n")
        XCTAssertEqual(keyboard.document.text, "モスクワから来ました")
    }

    func testEscapeAndSpaceConvertTheNameAgain() throws {
        let keyboard = try keyboard()
        keyboard.type("Москва ")
        keyboard.controller.cancelConversionToReading()
        XCTAssertEqual(keyboard.document.markedText, "もсくぁ")
        keyboard.type(" ")
        XCTAssertEqual(keyboard.document.markedText, "モスクワ")
    }

    func testOtherProfilesSendTheirLanguage() throws {
        for (profile, typing, expected) in [
            ("ukr", "Київ ", "キーウ"), ("srp", "Београд ", "ベオグラード"), ("bel", "Мінск ", "ミンスク"), ("bul", "София ", "ソフィア"),
        ] {
            let keyboard = try keyboard(profile: profile)
            keyboard.type(typing)
            XCTAssertTrue(candidates(keyboard).contains(expected), "\(profile) \(typing): \(candidates(keyboard))")
        }
    }

    func testTheEngineTakesTheTypedWordsInEveryConversionCall() throws {
        // As docs/INTEGRATION.md shows it.
        let engine = RustCoreEngine.shared
        let language = try XCTUnwrap(engine.profiles()?.first { $0.id == "rus_standard" }?.language)
        XCTAssertEqual(language, "ru")
        let typed = TypedWords(language: language, words: [TypedWords.Word(text: "Москва", range: 0..<4)])
        let conversion = try engine.convert(ConversionRequest("もсくぁから", typed: typed)).get()
        XCTAssertTrue(conversion.bestText.hasPrefix("モスクワ"), conversion.bestText)
        let words = ["もсくぁ", "から", "きました"]
        let sentence = try engine.convert(ConversionRequest(
            words: words, typed: TypedWords(language: language, typed: ["Москва", "кара", "кимасита"], forEachOf: words))).get()
        XCTAssertEqual(sentence.bestText, "モスクワから来ました")
        XCTAssertNoThrow(try engine.resizeSegment(ResizeRequest(segment: 0, of: conversion, by: -1, typed: typed)).get())
        let more = try engine.candidates(SegmentCandidatesRequest(segment: 0, of: conversion, limit: 45, typed: typed)).get()
        XCTAssertEqual(more.first, conversion.segments[0].candidates.first, "the same conversion's first candidate")
        XCTAssertTrue(more.first?.hasPrefix("モスクワ") == true, "the longer list keeps the typed word's conversion first: \(more)")
    }

    func testTypedWordsTheCoreRefusesNameTheMember() throws {
        let overlapping = TypedWords(language: "ru", words: [
            TypedWords.Word(text: "Мос", range: 0..<2), TypedWords.Word(text: "сква", range: 1..<4),
        ])
        guard case .failure(let error) = RustCoreEngine.shared.convert(ConversionRequest("もсくぁ", typed: overlapping)) else {
            return XCTFail("overlapping words are refused")
        }
        XCTAssertTrue(error.message.contains("typed.words[1]"), error.message)
        XCTAssertEqual(error.reading, "もсくぁ")
    }
}
