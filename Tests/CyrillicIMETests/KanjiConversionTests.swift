import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Kana→kanji conversion through `RustCoreEngine`, against the compiled Mozc dictionary
/// (`compiledDictionaryPath()`: $CYRILLIC_IME_DICTIONARY, else .dictionary/mozc.cimedic). Expectations are what a
/// Japanese reader writes (今日はいい天気ですね), not output copied from the core.
final class KanjiConversionTests: XCTestCase {
    private let engine = RustCoreEngine.shared

    private func dictionaryPath() throws -> String {
        try compiledDictionaryPath()
    }

    override func setUpWithError() throws {
        try engine.loadDictionary(atPath: dictionaryPath())
    }

    func testTheDictionaryDescribesItself() throws {
        let info = try XCTUnwrap(engine.dictionaryInfo())
        XCTAssertEqual(info.path, try dictionaryPath())
        XCTAssertEqual(info.metadata["version"], "3.34.6239")
        XCTAssertGreaterThan(info.entries, 1_000_000)
        XCTAssertLessThanOrEqual(info.bytes, 30 * 1024 * 1024, "the shipped file must stay within 30 MB")
        XCTAssertTrue(info.mapped)
        let checksum = try XCTUnwrap(info.checksum)
        XCTAssertEqual(checksum.count, 16)
        XCTAssertTrue(checksum.allSatisfy(\.isHexDigit), checksum)
    }

    func testSentencesConvertToWhatAJapaneseWriterWrites() throws {
        XCTAssertEqual(try engine.convert(ConversionRequest("きょうはいいてんきですね")).get().bestText, "今日はいい天気ですね")
        XCTAssertEqual(try engine.convert(ConversionRequest("わたしのなまえはなかのです")).get().bestText, "私の名前は中野です")
    }

    func testSegmentsCoverTheReadingAndEachListsItsReadingInBothScripts() throws {
        let conversion = try engine.convert(ConversionRequest("わたしのなまえはなかのです")).get()
        XCTAssertEqual(conversion.segments.map(\.reading).joined(), "わたしのなまえはなかのです")
        XCTAssertEqual(conversion.segments.map(\.reading), ["わたしの", "なまえは", "なかのです"])
        for segment in conversion.segments {
            XCTAssertTrue(segment.candidates.contains(segment.reading), "\(segment.reading) can be committed as hiragana")
            let katakana = segment.reading.applyingTransform(.hiraganaToKatakana, reverse: false)
            XCTAssertTrue(segment.candidates.contains(try XCTUnwrap(katakana)), "\(segment.reading) can be committed as katakana")
            XCTAssertEqual(Set(segment.candidates).count, segment.candidates.count, "candidates are distinct")
        }
    }

    func testAlternativesAreDistinctWholeConversionsBestFirst() throws {
        var request = ConversionRequest("きょうはいいてんきですね")
        request.alternatives = 5
        let conversion = try engine.convert(request).get()
        XCTAssertEqual(conversion.alternatives.count, 5)
        XCTAssertEqual(conversion.alternatives.first, conversion.bestText)
        XCTAssertEqual(Set(conversion.alternatives).count, 5)
    }

    func testResizingASegmentFixesItAndReconvertsTheRest() throws {
        let conversion = try engine.convert(ConversionRequest("わたしのなまえはなかのです")).get()
        let shorter = try engine.resizeSegment(ResizeRequest(segment: 0, of: conversion, by: -1)).get()
        XCTAssertEqual(shorter.segments.first?.reading, "わたし")
        XCTAssertEqual(shorter.segments.first?.candidates.first, "私")
        XCTAssertEqual(shorter.segmentLengths.reduce(0, +), 13)
        XCTAssertEqual(shorter.bestText, "私の名前は中野です")
        let longer = try engine.resizeSegment(ResizeRequest(segment: 0, of: shorter, by: 2)).get()
        XCTAssertEqual(longer.segments.first?.reading, "わたしのな")
        let clamped = try engine.resizeSegment(ResizeRequest(segment: 2, of: conversion, by: 50)).get()
        XCTAssertEqual(clamped.segments.last?.reading, "なかのです", "a segment never grows past the reading")
    }

    func testMoreCandidatesForOneSegment() throws {
        let conversion = try engine.convert(ConversionRequest("きょうは")).get()
        let many = try engine.candidates(SegmentCandidatesRequest(segment: 0, of: conversion, limit: 30)).get()
        XCTAssertGreaterThan(many.count, 9)
        XCTAssertEqual(many.first, "今日は")
        XCTAssertTrue(many.contains("きょうは"))
    }

    func testPredictionsCompleteWhatIsBeingComposed() throws {
        let predictions = try engine.predictions(for: "ありがと", limit: 9).get()
        XCTAssertTrue(predictions.contains { $0.text == "ありがとう" })
        XCTAssertTrue(predictions.contains { $0.text == "ありがとうございます" })
        XCTAssertTrue(predictions.allSatisfy { $0.reading.hasPrefix("ありがと") })
        XCTAssertLessThanOrEqual(predictions.count, 9)
        XCTAssertEqual(try engine.predictions(for: "ゐゑゐゑゐゑ", limit: 9).get(), [])
    }

    func testHeardSpellingsMatchOnlyWhenAsked() throws {
        XCTAssertEqual(try engine.convert(ConversionRequest("わたしのなまえわなかのです")).get().bestText, "私の名前は中野です")
        var asTyped = ConversionRequest("わたしのなまえわなかのです")
        asTyped.matchingHeardSpellings = false
        let exact = try engine.convert(asTyped).get()
        XCTAssertFalse(exact.bestText.contains("名前は"), "without heard spellings わ stays わ")
    }

    func testAFailedConversionGivesBackTheReading() {
        let long = String(repeating: "か", count: 300)
        switch engine.convert(ConversionRequest(long)) {
        case .success: XCTFail("a 300-character reading is over the limit")
        case .failure(let error):
            XCTAssertEqual(error.reading, long)
            XCTAssertTrue(error.message.contains("over the limit of 256"), error.message)
        }
        XCTAssertEqual(engine.convertOrFallback(ConversionRequest(long)).bestText, long, "nothing typed is lost")
        XCTAssertEqual(engine.convertOrFallback(ConversionRequest(long)).segments.count, 1)
        var noCandidates = ConversionRequest("か")
        noCandidates.candidates = 0
        switch engine.convert(noCandidates) {
        case .success: XCTFail("zero candidates is refused")
        case .failure(let error): XCTAssertTrue(error.message.contains("candidates"), error.message)
        }
    }

    func testABadDictionaryFileIsNamedAndTheLoadedOneStays() throws {
        let loaded = try XCTUnwrap(engine.dictionaryInfo())
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).cimedic")
        try Data("CIMEDIC".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        XCTAssertThrowsError(try engine.loadDictionary(atPath: bad.path)) { error in
            let message = (error as? DictionaryLoadError)?.message ?? ""
            XCTAssertTrue(message.contains(bad.path), message)
            XCTAssertTrue(message.contains("shorter than the 288-byte header"), message)
        }
        XCTAssertEqual(engine.dictionaryInfo(), loaded)
        XCTAssertEqual(try engine.convert(ConversionRequest("きょう")).get().bestText, "今日")
        XCTAssertThrowsError(try engine.loadDictionary(atPath: "/nonexistent/mozc.cimedic"))
        XCTAssertEqual(engine.dictionaryInfo(), loaded)
    }
}
