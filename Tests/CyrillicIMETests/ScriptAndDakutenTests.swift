import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Katakana through the profile-id suffix, and the dakuten key, from Swift.
final class ScriptAndDakutenTests: BundledEngineTestCase {
    func testKatakanaProfileIDProducesKatakana() {
        let katakana = KanaScript.katakana.qualifying(standardProfile)
        XCTAssertEqual(katakana, "rus_standard:katakana")
        XCTAssertEqual(KanaScript.hiragana.qualifying(standardProfile), standardProfile)
        XCTAssertEqual(typeText("ко:хи:", profile: katakana), "コーヒー")
        XCTAssertEqual(typeText("маття", profile: katakana), "マッチャ")
        XCTAssertEqual(typeText("ко:хи:", profile: standardProfile), "こーひー")
    }

    func testDakutenCyclesThroughEveryForm() throws {
        let engine = RustCoreEngine.shared
        var character = "は"
        var seen = [character]
        for _ in 0..<3 {
            let result = try XCTUnwrap(engine.cycleDakuten(character))
            XCTAssertEqual(result.action, .replace)
            character = result.output
            seen.append(character)
        }
        XCTAssertEqual(seen, ["は", "ば", "ぱ", "は"])
        XCTAssertEqual(engine.cycleDakuten("ツ")?.output, "ッ")
        XCTAssertEqual(engine.cycleDakuten("ん"), DakutenResult(output: "", action: .none, error: nil))
        XCTAssertEqual(engine.cycleDakuten("x")?.action, DakutenResult.Action.none)
    }
}
