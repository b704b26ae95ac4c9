import CCyrillicIMECore
import CCyrillicIMECoreTesting
import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The panic path end to end, in the middle of typing: the core panics on one key (a real
/// Rust panic caught by the export guard, poisoning the engine lock), the wrapper falls
/// back without losing the key or the pending text, and typing goes on with correct results.
final class PanicPathTests: BundledEngineTestCase {
    /// Counts calls; the calls whose number is in `failing` panic.
    private final class Schedule: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        private let failing: Set<Int>
        init(failing: Set<Int>) { self.failing = failing }
        func nextFails() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            calls += 1
            return failing.contains(calls)
        }
    }

    private func engine(panickingOnCalls calls: Set<Int>) -> RustCoreEngine {
        let schedule = Schedule(failing: calls)
        return RustCoreEngine(processKeyFunction: { key, buffer, profile in
            schedule.nextFails() ? rust_test_panic(true) : rust_process_key(key, buffer, profile)
        })
    }

    func testAPanicMidWordCommitsThePendingTextAndTheKeyAndTypingGoesOn() {
        // к о н н и т и {flush}: the 4th key (the second н, with н pending) panics.
        let typed = typeTextDetailed("коннити", profile: standardProfile, engine: engine(panickingOnCalls: [4]))
        XCTAssertEqual(typed.inserted, "こннいち",
                       "the pending н and the typed н are committed as typed; the rest converts")
        XCTAssertEqual(typed.problems.count, 1, "\(typed.problems)")
        // The lock is poisoned now; the shared engine must still convert correctly.
        XCTAssertEqual(typeTextDetailed("коннитива", profile: standardProfile).inserted, "こんにちわ")
    }

    func testPanicsOnBackspaceSpaceAndFlushLoseNothing() {
        // Keys: к, {backspace} (panics: drops the pending к), с, э, н, {space} (panics: commits
        // the pending н and a space), с, {flush} (panics: commits the pending с).
        let engine = engine(panickingOnCalls: [2, 6, 8])
        var buffer = ""
        var inserted = ""
        for key in ["к", EngineKey.backspace, "с", "э", "н", EngineKey.space, "с", EngineKey.flush] {
            let result = engine.processKeyOrFallback(key, buffer: buffer, profileID: standardProfile)
            inserted += result.output
            buffer = result.buffer
        }
        XCTAssertEqual(inserted, "せн с")
        XCTAssertEqual(buffer, "")
    }

    func testAnAnswerThatIsNotJSONFallsBackLikeNoAnswer() {
        // rust_last_init_error returns a real Rust-allocated string that is not a key result.
        let engine = RustCoreEngine(processKeyFunction: { _, _, _ in rust_last_init_error() })
        XCTAssertNil(engine.processKey("а", buffer: "к", profileID: standardProfile))
        XCTAssertEqual(engine.processKeyOrFallback("а", buffer: "к", profileID: standardProfile), .fallback(key: "а", buffer: "к"))
    }
}
