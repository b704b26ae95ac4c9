import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The per-keystroke decoder must read exactly what Foundation's JSONDecoder reads.
final class ConversionResultDecoderTests: XCTestCase {
    private let tricky = [
        "", "か", "к", "a\"b", "back\\slash", "line\nbreak\r\t", "\u{1}\u{1f}", "\u{2028}\u{2029}",
        "😀👨‍👩‍👧", "/slash/", "mixed \"ка\" \\ 😀 \n end", "\u{7f}é\u{301}",
    ]

    /// Escapes every scalar outside printable ASCII as \uXXXX (surrogate pairs above the BMP),
    /// a different but valid style from the core's, to exercise the slow path.
    private func escapedEverything(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 { out += String(format: "\\u%04X", unit) }
            }
        }
        return out + "\""
    }

    func testFixedShapeDecoderAgreesWithJSONDecoder() throws {
        for output in tricky {
            for buffer in ["", "дз", "\"\\"] {
                for error in [nil, "bad \"key\"\n"] {
                    var json = "{\"output\":\(escapedEverything(output)),\"buffer\":\(escapedEverything(buffer)),\"action\":\"compose\""
                    if let error { json += ",\"error\":\(escapedEverything(error))" }
                    json += "}"
                    let fast = try XCTUnwrap(ConversionResultDecoder.decodeFixedShape(json), json)
                    let reference = try JSONDecoding.decode(ConversionResult.self, from: json)
                    XCTAssertEqual(fast, reference, json)
                    XCTAssertEqual(fast.output, output)
                }
            }
        }
    }

    func testCoreResultsWithSpecialCharactersRoundTrip() throws {
        restoreBundledEngine()
        for key in ["\"", "\\", "😀", "\u{1}", "\u{2028}", "/"] {
            let result = try XCTUnwrap(RustCoreEngine.shared.processKey(key, buffer: "к", profileID: standardProfile))
            XCTAssertEqual(result.output, "к" + key)
            XCTAssertEqual(result.action, .commit)
        }
    }

    func testOtherShapesFallBackOrFail() {
        let reordered = #"{"action":"commit","buffer":"","output":"か"}"#
        XCTAssertNil(ConversionResultDecoder.decodeFixedShape(reordered))
        XCTAssertEqual(ConversionResultDecoder.decode(reordered), ConversionResult(output: "か", buffer: "", action: .commit))
        for malformed in [
            #"{"output":"か","buffer":"","action":"explode"}"#,
            #"{"output":"か","buffer":"","action":"commit""#,
            #"{"output":"\ud800","buffer":"","action":"commit"}"#,
            #"{"output":"\q","buffer":"","action":"commit"}"#,
            #"{"output":"か","buffer":"","action":"commit"} trailing"#,
            "",
        ] {
            XCTAssertNil(ConversionResultDecoder.decode(malformed), malformed)
        }
    }
}
