import Dispatch
import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Typing threads while another thread reloads the shared engine every 2 ms, alternating
/// between two different engines (A: the bundled data, ка → か; B: ка → が). Every answer
/// must come whole from A or from B. scripts/tsan.sh runs this under ThreadSanitizer.
final class ReloadStressTests: BundledEngineTestCase {
    /// Lock-protected tallies shared by the threads.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = [0, 0]
        private var mismatches: [String] = []
        private var stopped = false
        func record(engine: Int?, _ mismatch: @autoclosure () -> String) {
            lock.lock()
            defer { lock.unlock() }
            if let engine { counts[engine] += 1 } else if mismatches.count < 10 { mismatches.append(mismatch()) }
        }
        func stop() { lock.lock(); stopped = true; lock.unlock() }
        var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }
        var snapshot: (counts: [Int], mismatches: [String]) { lock.lock(); defer { lock.unlock() }; return (counts, mismatches) }
    }

    func testEveryAnswerDuringAlternatingReloadsComesWholeFromOneEngine() throws {
        let engine = RustCoreEngine.shared
        let profilesA = try BundledResources.text(of: BundledResources.profilesFileName)
        let kana = try BundledResources.text(of: BundledResources.kanaEngineFileName)
        let profilesB = profilesA.replacingOccurrences(of: "\"ка\": \"ka\"", with: "\"ка\": \"ga\"")
        XCTAssertNotEqual(profilesA, profilesB, "engine B must differ")

        // (key, buffer, profile): a mixed answer would show, e.g. かが for ка after ка.
        let queries = [("ка", "ка", standardProfile), ("Хоккайдо:", "ка", "rus_standard:katakana"), ("а", "кк", standardProfile)]
        func answers() -> [ConversionResult?] { queries.map { engine.processKey($0.0, buffer: $0.1, profileID: $0.2) } }
        try engine.initialize(profilesJSON: profilesB, kanaEngineJSON: kana)
        let fromB = answers()
        try engine.initialize(profilesJSON: profilesA, kanaEngineJSON: kana)
        let fromA = answers()
        XCTAssertEqual(fromA[0]?.output, "かか")
        XCTAssertEqual(fromB[0]?.output, "がが")
        for index in queries.indices { XCTAssertNotEqual(fromA[index], fromB[index]) }

        let tally = Tally()
        let reloaderDone = DispatchSemaphore(value: 0)
        let reloader = Thread {
            for round in 0..<200 {
                do {
                    try engine.initialize(profilesJSON: round % 2 == 0 ? profilesB : profilesA, kanaEngineJSON: kana)
                } catch {
                    tally.record(engine: nil, "reload \(round) failed: \(error)")
                }
                usleep(2000)
            }
            tally.stop()
            reloaderDone.signal()
        }
        reloader.start()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var index = thread
            while !tally.isStopped {
                let query = index % queries.count
                let (key, buffer, profile) = queries[query]
                let answer = engine.processKey(key, buffer: buffer, profileID: profile)
                // Compared scalar by scalar (String == would accept canonically equivalent text).
                let scalars = answer.map { Array($0.output.unicodeScalars) + [","] + Array($0.buffer.unicodeScalars) }
                func same(_ other: ConversionResult?) -> Bool {
                    answer?.action == other?.action && scalars == other.map { Array($0.output.unicodeScalars) + [","] + Array($0.buffer.unicodeScalars) }
                }
                let source: Int? = same(fromA[query]) ? 0 : same(fromB[query]) ? 1 : nil
                tally.record(engine: source, "\(key) after \(buffer) in \(profile): \(String(describing: answer))")
                index += 1
            }
        }
        reloaderDone.wait()

        let (counts, mismatches) = tally.snapshot
        XCTAssertEqual(mismatches, [])
        XCTAssertGreaterThan(counts[0], 50, "answers from engine A")
        XCTAssertGreaterThan(counts[1], 50, "answers from engine B")
    }
}
