import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// What the core adds after the words (docs/CONVERSION.md, "Rewriters"), through
/// `RustCoreEngine` and the keyboard on the real dictionary: today's date and the time from an
/// injected clock, emoji by reading and the setting that turns them off, the script forms.
final class CandidateRewritesTests: XCTestCase {
    /// 2026-11-27 09:41 in Tokyo, a Friday.
    private let friday = LocalClock(unixSeconds: 1_795_740_060, utcOffsetMinutes: 540)

    override func setUpWithError() throws {
        let path = try compiledDictionaryPath()
        try RustCoreEngine.shared.initializeWithBundledResources()
        try RustCoreEngine.shared.loadDictionary(atPath: path)
    }

    private func candidates(_ reading: String, _ rewrites: CandidateRewrites) throws -> [String] {
        var request = ConversionRequest(reading)
        request.fixedSegmentLengths = [reading.unicodeScalars.count]
        request.rewrites = rewrites
        return try RustCoreEngine.shared.convert(request).get().segments[0].candidates
    }

    func testTheEngineOffersTodayAfterTheWords() throws {
        let list = try candidates("きょう", CandidateRewrites(clock: friday))
        XCTAssertEqual(list.first, "今日", "the words first: \(list)")
        for form in ["2026/11/27", "11月27日", "令和8年11月27日", "金曜日"] {
            XCTAssertTrue(list.contains(form), "\(form): \(list)")
        }
        XCTAssertEqual(Array(list.suffix(2)), ["キョウ", "ｷｮｳ"], "the script forms end the list (きょう is a word here)")
        XCTAssertFalse(try candidates("きょう", CandidateRewrites()).contains("11月27日"), "no clock, no date")
        let now = try candidates("いま", CandidateRewrites(clock: friday))
        XCTAssertTrue(now.contains("9:41") && now.contains("9時41分"), "\(now)")
    }

    func testTheEngineOffersEmojiUnlessTurnedOff() throws {
        let on = try candidates("ねこ", CandidateRewrites())
        XCTAssertEqual(on.first, "猫")
        XCTAssertTrue(on.contains("🐱"), "\(on)")
        let off = try candidates("ねこ", CandidateRewrites(emoji: false))
        XCTAssertFalse(off.contains("🐱"), "\(off)")
        XCTAssertEqual(off.last, "ﾈｺ")
    }

    func testTheClockOfADateAndTimeZone() {
        let clock = LocalClock(Date(timeIntervalSince1970: 1_795_740_060.7), in: TimeZone(identifier: "Asia/Tokyo")!)
        XCTAssertEqual(clock, friday)
    }

    private func keyboard(_ options: CandidateOptions) throws -> KeyboardHarness {
        var settings = KeyboardSettings()
        settings.candidates = options
        let keyboard = try KeyboardHarness(engine: RustCoreEngine.shared, kanaOnly: false, settings: settings)
        XCTAssertTrue(keyboard.controller.selectProfile("rus_standard"))
        return keyboard
    }

    func testTheKeyboardOffersTodaysDateWithItsClock() throws {
        let keyboard = try keyboard(CandidateOptions(clock: .fixed(friday)))
        keyboard.type("кё: ")
        XCTAssertEqual(keyboard.controller.conversion?.reading, "きょー", "the long vowel typed with its mark")
        XCTAssertEqual(keyboard.document.markedText, "今日", "the word stays first")
        let shown = keyboard.controller.conversion?.focusedCandidates ?? []
        XCTAssertTrue(shown.contains("11月27日") && shown.contains("令和8年11月27日"), "\(shown)")
        // A longer list of the same segment asks with the same clock.
        var session = try XCTUnwrap(keyboard.controller.conversion)
        session.extendFocusedCandidates(engine: RustCoreEngine.shared)
        XCTAssertTrue(session.focusedCandidates.contains("11月27日"), "\(session.focusedCandidates)")
    }

    func testTheKeyboardOffersTheCatAndTheSettingTurnsEmojiOff() throws {
        let keyboard = try keyboard(.standard)
        keyboard.type("нэко ")
        XCTAssertEqual(keyboard.document.markedText, "猫")
        XCTAssertTrue(keyboard.controller.conversion?.focusedCandidates.contains("🐱") == true)
        let store = InMemorySettingsStore()
        store.set("off", forKey: KeyboardSettings.StoreKey.emoji)
        let settings = KeyboardSettings(stores: [store])
        XCTAssertFalse(settings.candidates.emoji)
        let plain = try self.keyboard(settings.candidates)
        plain.type("нэко ")
        XCTAssertEqual(plain.document.markedText, "猫")
        XCTAssertFalse(plain.controller.conversion?.focusedCandidates.contains("🐱") == true)
    }
}
