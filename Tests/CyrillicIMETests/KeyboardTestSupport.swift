import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// A clock the test moves by hand: `advance(by:)` runs every action that falls due, in
/// order, with `now` set to its due time. Nothing ever waits for real time.
final class ManualScheduler: KeyboardScheduler {
    private(set) var now: TimeInterval = 0
    private var tasks: [Task] = []
    private var nextOrder = 0

    final class Task: ScheduledTask {
        let due: TimeInterval
        let order: Int
        let action: () -> Void
        var isCancelled = false
        init(due: TimeInterval, order: Int, action: @escaping () -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }
        func cancel() { isCancelled = true }
    }

    var pendingTaskCount: Int { tasks.filter { !$0.isCancelled }.count }

    func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> ScheduledTask {
        let task = Task(due: now + delay, order: nextOrder, action: action)
        nextOrder += 1
        tasks.append(task)
        return task
    }

    func advance(by interval: TimeInterval) {
        let end = now + interval
        while let task = tasks.filter({ !$0.isCancelled && $0.due <= end })
            .min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            tasks.removeAll { $0 === task }
            now = task.due
            task.action()
        }
        tasks.removeAll { $0.isCancelled }
        now = end
    }
}

/// The real core, except that chosen calls return nothing (`nil`), as after a caught panic.
final class FailingEngine: KeyboardEngine {
    private let real = RustCoreEngine.shared
    /// Keys (as sent to the core) whose conversion returns nil; `nil` means every key.
    var failingKeys: Set<String>? = nil
    var failsDakuten = false

    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        if failingKeys == nil || failingKeys!.contains(key) { return nil }
        return real.processKey(key, buffer: buffer, profileID: profileID)
    }

    func cycleDakuten(_ character: String) -> DakutenResult? {
        failsDakuten ? nil : real.cycleDakuten(character)
    }

    func profiles() -> [ProfileDescription]? { real.profiles() }

    /// Makes every conversion call fail as with no dictionary loaded.
    var failsConversion = false
    private func failure<T>(_ reading: String) -> Result<T, KanjiConversionError> {
        .failure(KanjiConversionError(message: "no dictionary (injected)", reading: reading))
    }

    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        failsConversion ? failure(request.reading) : real.convert(request)
    }

    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        failsConversion ? failure(request.conversion.reading) : real.resizeSegment(request)
    }

    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        failsConversion ? failure(request.conversion.reading) : real.candidates(request)
    }

    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        failsConversion ? failure(request.reading) : real.predictions(request)
    }

    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        failsConversion ? failure("") : real.nextWords(after: context, limit: limit)
    }
}

/// A keyboard typing into an in-memory document, with every part reachable by the test.
/// `kanaOnly` (the default here, for the tests written before conversion) makes every
/// profile kana-only; the conversion tests pass `kanaOnly: false`. Live conversion's settings
/// left at their defaults mean it is off here and space converts in every profile, as for the
/// tests written before it; the tests of live conversion pass settings of their own.
struct KeyboardHarness {
    let controller: KeyboardController
    let document: InMemoryTextDocumentProxy
    let scheduler: ManualScheduler
    let profiles: ProfileManager
    let store: InMemorySettingsStore

    /// `settings` as the keyboard's, except that with `kanaOnly` every profile is kana-only.
    init(
        text: String = "", engine: KeyboardEngine = RustCoreEngine.shared, kanaOnly: Bool = true,
        settings: KeyboardSettings = KeyboardSettings(), document: InMemoryTextDocumentProxy? = nil
    ) throws {
        self.document = document ?? InMemoryTextDocumentProxy(text: text)
        scheduler = ManualScheduler()
        store = InMemorySettingsStore()
        profiles = try ProfileManager(engine: engine, keyboardStore: store)
        var settings = settings
        if kanaOnly { settings.kanaOnlyProfiles = Set(profiles.profiles.map(\.id)) }
        if settings.live == LiveConversionSettings() {
            let everyProfileConverts = Dictionary(uniqueKeysWithValues: profiles.profiles.map { ($0.id, SpaceHabit.japanese) })
            settings.live = LiveConversionSettings(isOn: false, spaceHabits: everyProfileConverts)
        }
        controller = KeyboardController(
            engine: engine, proxy: self.document, profiles: profiles, scheduler: scheduler, settings: settings)
    }

    /// Taps one key per character: a space is the space key, a newline the return key.
    func type(_ text: String) {
        for character in text {
            switch character {
            case " ": controller.tap(.space)
            case "\n": controller.tap(.enter)
            default: controller.tap(.character(String(character)))
            }
        }
    }

    var deleteCount: Int {
        document.operations.filter { $0 == .deleteBackward }.count
    }
}

/// The marked range as (location, length), for compact assertions.
func marked(_ document: InMemoryTextDocumentProxy) -> [Int]? {
    document.markedRange.map { [$0.location, $0.length] }
}
