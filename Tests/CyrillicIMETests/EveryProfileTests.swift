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

    func testEveryLayoutKeyTypesInBothScripts() throws {
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            // Every letter key alone and followed by every letter key: syllables, doubled
            // consonants and letters with no rule alike.
            let letters = profile.rows[1...3].flatMap { $0 }
            var texts = letters
            for first in letters {
                texts.append(letters.map { first + $0 }.joined(separator: " "))
            }
            for text in texts {
                let hiragana = typeTextDetailed(text, profile: profile.id)
                XCTAssertEqual(hiragana.problems, [], "\(profile.id): \(text)")
                let katakanaID = KanaScript.katakana.qualifying(profile.id)
                XCTAssertEqual(typeText(text, profile: katakanaID), katakana(hiragana.inserted), "\(katakanaID): \(text)")
            }
            // At least the first syllable of the layout's letters turned into kana.
            let converted = typeText(letters.joined(), profile: profile.id)
            XCTAssertTrue(converted.unicodeScalars.contains { (0x3041...0x3096).contains($0.value) }, "\(profile.id): \(converted)")
        }
    }
}
