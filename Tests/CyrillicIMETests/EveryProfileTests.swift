import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// What must hold for every bundled profile, whichever language it serves: it is
/// described with its rows and names, every key on its layout can be typed without an
/// error, and the `:katakana` profile id gives the katakana of the same text.
final class EveryProfileTests: BundledEngineTestCase {
    /// The katakana of a hiragana text, computed here (hiragana U+3041–U+3096 sit 0x60
    /// below their katakana) rather than taken from the core.
    private func katakana(_ hiragana: String) -> String {
        String(String.UnicodeScalarView(hiragana.unicodeScalars.map { scalar in
            (0x3041...0x3096).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x60)! : scalar
        }))
    }

    func testTheBundledProfilesAreAllDescribed() throws {
        let profiles = try XCTUnwrap(RustCoreEngine.shared.profiles())
        XCTAssertEqual(profiles.map(\.id), ["rus_standard", "srp", "ukr", "bel", "bul", "romaji"])
        for profile in profiles {
            XCTAssertEqual(profile.rows.count, 5, profile.id)
            XCTAssertEqual(profile.rows[0], ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"], profile.id)
            XCTAssertTrue(profile.rows[4].allSatisfy { $0.hasPrefix("{") }, profile.id)
            XCTAssertTrue(profile.rows[1...3].allSatisfy { $0.count >= 6 }, profile.id)
            XCTAssertFalse(profile.names.ja.isEmpty || profile.names.native.isEmpty || profile.names.en.isEmpty, profile.id)
        }
    }

    func testEveryLayoutKeyTypesInBothScriptsWithoutAnError() throws {
        let hiraganaRange: ClosedRange<UInt32> = 0x3041...0x3096
        let katakanaRange: ClosedRange<UInt32> = 0x30A1...0x30F6
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            // Every letter key alone and followed by every letter key: syllables, doubled
            // consonants and letters with no rule alike.
            let letters = profile.rows[1...3].flatMap { $0 }
            var texts = letters
            for first in letters {
                texts.append(letters.map { first + $0 }.joined(separator: " "))
            }
            let katakanaID = KanaScript.katakana.qualifying(profile.id)
            for text in texts {
                let hiragana = typeTextDetailed(text, profile: profile.id)
                XCTAssertEqual(hiragana.problems, [], "\(profile.id): \(text)")
                XCTAssertFalse(hiragana.inserted.unicodeScalars.contains { katakanaRange.contains($0.value) }, "\(profile.id): \(text) → \(hiragana.inserted)")
                let katakana = typeTextDetailed(text, profile: katakanaID)
                XCTAssertEqual(katakana.problems, [], "\(katakanaID): \(text)")
                XCTAssertFalse(katakana.inserted.unicodeScalars.contains { hiraganaRange.contains($0.value) }, "\(katakanaID): \(text) → \(katakana.inserted)")
            }
            // At least the first syllable of the layout's letters turned into kana.
            let converted = typeText(letters.joined(), profile: profile.id)
            XCTAssertTrue(converted.unicodeScalars.contains { hiraganaRange.contains($0.value) }, "\(profile.id): \(converted)")
        }
    }

    func testEveryProfilesWorkedExamplesTypeInBothScripts() throws {
        // Expectations from Tests/fixtures/examples.tsv; katakana computed from them here.
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            let examples = workedExamples.filter { $0.profile == profile.id }
            XCTAssertFalse(examples.isEmpty, "Tests/fixtures/examples.tsv has no example for \(profile.id)")
            for (_, typed, kana) in examples {
                XCTAssertEqual(typeText(typed, profile: profile.id), kana, "\(profile.id): \(typed)")
                let katakanaID = KanaScript.katakana.qualifying(profile.id)
                XCTAssertEqual(typeText(typed, profile: katakanaID), katakana(kana), "\(katakanaID): \(typed)")
            }
        }
    }

    func testTheFixtureReaderRefusesMalformedRows() {
        let good = "# comment\nrus_standard\tка\tか\n\nsrp\tђа\tぢゃ\n"
        guard case .success(let rows) = parseWorkedExamples(good, file: "x.tsv") else {
            return XCTFail("a well-formed fixture was refused")
        }
        XCTAssertEqual(rows.map(\.typed), ["ка", "ђа"])
        let cases = [
            ("rus_standard\tка\tか\nrus_standard ка か\n", "x.tsv line 2: expected 3 non-empty tab-separated fields (profile, typed, expected), found 1"),
            ("rus_standard\tка\tか\textra\n", "x.tsv line 1: expected 3 non-empty tab-separated fields (profile, typed, expected), found 4"),
            ("rus_standard\t\tか\n", "x.tsv line 1: expected 3 non-empty tab-separated fields (profile, typed, expected), found 3"),
        ]
        for (text, message) in cases {
            guard case .failure(let error) = parseWorkedExamples(text, file: "x.tsv") else {
                XCTFail("a malformed fixture was accepted: \(text.debugDescription)")
                continue
            }
            XCTAssertTrue(error.message.hasPrefix(message), error.message)
        }
    }
}
