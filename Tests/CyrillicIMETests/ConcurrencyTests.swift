import Dispatch
import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Many threads typing through the shared engine at once, while it is reloaded.
final class ConcurrencyTests: BundledEngineTestCase {
    /// Collects failure descriptions from many threads.
    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        private(set) var checked = 0
        func record(_ message: String?) {
            lock.lock()
            defer { lock.unlock() }
            checked += 1
            if let message { messages.append(message) }
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return messages
        }
    }

    private static let threads = 8
    private static let wordsPerThread = 300

    /// Each thread types `wordsPerThread` words, starting at a different place in the
    /// reference list, and checks every result.
    private func typeFromManyThreads(into failures: Failures) {
        let words = referenceWords
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.wordsPerThread {
                let (typed, kana) = words[(index * (thread + 1) + thread) % words.count]
                let result = typeTextDetailed(typed, profile: standardProfile)
                if result.inserted != kana || !result.problems.isEmpty {
                    failures.record("thread \(thread): \(typed) → \(result.inserted), expected \(kana); \(result.problems)")
                } else {
                    failures.record(nil)
                }
            }
        }
    }

    func testConcurrentTypingGivesCorrectResults() {
        let failures = Failures()
        typeFromManyThreads(into: failures)
        XCTAssertEqual(failures.checked, Self.threads * Self.wordsPerThread)
        XCTAssertEqual(failures.all, [])
    }

    func testConcurrentTypingDuringReloadsGivesCorrectResults() throws {
        let profiles = try BundledResources.text(of: BundledResources.profilesFileName)
        let kana = try BundledResources.text(of: BundledResources.kanaEngineFileName)
        let failures = Failures()
        let reloads = Failures()
        let typingDone = DispatchSemaphore(value: 0)
        let stop = StopFlag()

        // One thread keeps reloading: the bundled data, and data that must be rejected.
        let reloader = Thread {
            var round = 0
            while !stop.isSet {
                round += 1
                do throws(RustCoreEngine.InitializationError) {
                    try RustCoreEngine.shared.initialize(profilesJSON: profiles, kanaEngineJSON: kana)
                    reloads.record(nil)
                } catch {
                    reloads.record("bundled reload \(round) failed: \(error.message)")
                }
                do throws(RustCoreEngine.InitializationError) {
                    try RustCoreEngine.shared.initialize(profilesJSON: "{", kanaEngineJSON: kana)
                    reloads.record("invalid reload \(round) was accepted")
                } catch {
                    reloads.record(error.message.hasPrefix("profiles.json: $") ? nil : "unexpected error: \(error.message)")
                }
            }
            typingDone.signal()
        }
        reloader.start()
        typeFromManyThreads(into: failures)
        stop.set()
        typingDone.wait()

        XCTAssertEqual(failures.checked, Self.threads * Self.wordsPerThread)
        XCTAssertEqual(failures.all, [])
        XCTAssertGreaterThan(reloads.checked, 0, "the reloader never ran")
        XCTAssertEqual(reloads.all, [])
    }

    private final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        func set() { lock.lock(); value = true; lock.unlock() }
    }
}
