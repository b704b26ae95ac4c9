import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Decoding of the core's JSON answers and the fallback used when there is none.
final class ConversionResultTests: XCTestCase {
    func testDecodesDeleteBackwardWithAnError() throws {
        let json = #"{"output":"","buffer":"","action":"delete_backward","error":"something \"quoted\""}"#
        let result = try JSONDecoding.decode(ConversionResult.self, from: json)
        XCTAssertEqual(result.action, .deleteBackward)
        XCTAssertEqual(result.error, #"something "quoted""#)
        XCTAssertEqual(result, ConversionResult(output: "", buffer: "", action: .deleteBackward, error: #"something "quoted""#))
        XCTAssertNotEqual(result, ConversionResult(output: "", buffer: "", action: .deleteBackward))
        XCTAssertNotEqual(result, ConversionResult(output: "", buffer: "", action: .commit, error: result.error))
    }

    func testDecodesEveryAction() throws {
        let actions: [(String, ConversionResult.Action)] = [
            ("commit", .commit), ("compose", .compose), ("delete_backward", .deleteBackward), ("error", .error),
        ]
        for (name, action) in actions {
            let json = #"{"output":"か","buffer":"н","action":"\#(name)"}"#
            XCTAssertEqual(ConversionResultDecoder.decode(json),
                           ConversionResult(output: "か", buffer: "н", action: action), name)
        }
    }

    func testMalformedAnswersDecodeToNil() {
        for json in [
            "", "null", "{}", #"{"output":"","buffer":""}"#,
            #"{"output":"","buffer":"","action":"deleteBackward"}"#,
            #"{"output":1,"buffer":"","action":"commit"}"#,
        ] {
            XCTAssertNil(ConversionResultDecoder.decode(json), json)
        }
    }

    func testEquatableComparesEveryField() {
        let base = ConversionResult(output: "か", buffer: "н", action: .compose)
        XCTAssertEqual(base, ConversionResult(output: "か", buffer: "н", action: .compose, error: nil))
        XCTAssertNotEqual(base, ConversionResult(output: "き", buffer: "н", action: .compose))
        XCTAssertNotEqual(base, ConversionResult(output: "か", buffer: "", action: .compose))
        XCTAssertNotEqual(base, ConversionResult(output: "か", buffer: "н", action: .commit))
        XCTAssertNotEqual(base, ConversionResult(output: "か", buffer: "н", action: .compose, error: "x"))
    }

    func testFallbackCommitsTheBufferAndTheKeyAsTyped() {
        XCTAssertEqual(ConversionResult.fallback(key: "а", buffer: "к").output, "ка")
        XCTAssertEqual(ConversionResult.fallback(key: EngineKey.space, buffer: "к").output, "к ")
        XCTAssertEqual(ConversionResult.fallback(key: EngineKey.enter, buffer: "").output, "\n")
        XCTAssertEqual(ConversionResult.fallback(key: EngineKey.flush, buffer: "к").output, "к")
        XCTAssertEqual(ConversionResult.fallback(key: "\u{8}", buffer: "дз"), ConversionResult(output: "", buffer: "д", action: .compose))
        XCTAssertEqual(ConversionResult.fallback(key: "\u{8}", buffer: "").action, .deleteBackward)
        let fallback = ConversionResult.fallback(key: "😀", buffer: "дз")
        XCTAssertEqual(fallback.output, "дз😀")
        XCTAssertEqual(fallback.buffer, "")
        XCTAssertEqual(fallback.action, .error)
        XCTAssertNotNil(fallback.error)
        XCTAssertEqual(ConversionResult.fallback(key: EngineKey.backspace, buffer: ""),
                       ConversionResult(output: "", buffer: "", action: .deleteBackward))
    }
}
