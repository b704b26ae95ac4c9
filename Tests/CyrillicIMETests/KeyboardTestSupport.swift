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

    func convert(
        _ reading: String, fixedSegmentLengths: [Int], candidates: Int, alternatives: Int, matchingHeardSpellings: Bool,
        context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError> {
        failsConversion ? failure(reading) : real.convert(
            reading, fixedSegmentLengths: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            matchingHeardSpellings: matchingHeardSpellings, context: context)
    }

    func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int, context: ConversionContext
    ) -> Result<KanjiConversion, KanjiConversionError> {
        failsConversion ? failure(conversion.reading)
            : real.resizeSegment(of: conversion, at: index, by: delta, candidates: candidates, context: context)
    }

    func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext
    ) -> Result<[String], KanjiConversionError> {
        failsConversion ? failure(conversion.reading) : real.candidates(forSegment: index, of: conversion, limit: limit, context: context)
    }

    func predictions(for reading: String, limit: Int, context: ConversionContext) -> Result<[KanjiPrediction], KanjiConversionError> {
        failsConversion ? failure(reading) : real.predictions(for: reading, limit: limit, context: context)
    }

    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        failsConversion ? failure("") : real.nextWords(after: context, limit: limit)
    }
}

/// A keyboard typing into an in-memory document, with every part reachable by the test.
/// `kanaOnly` (the default here, for the tests written before conversion) makes every
/// profile kana-only; the conversion tests pass `kanaOnly: false`. `live` is live conversion's
/// settings: off, with space converting in every profile, unless a test passes them (the tests
/// written before live conversion drive the keyboard without it).
struct KeyboardHarness {
    let controller: KeyboardController
    let document: InMemoryTextDocumentProxy
    let scheduler: ManualScheduler
    let profiles: ProfileManager
    let store: InMemorySettingsStore

    init(
        text: String = "", style: PendingInputStyle = .marked, engine: KeyboardEngine = RustCoreEngine.shared,
        timing: DeleteRepeatTiming = .standard, document: InMemoryTextDocumentProxy? = nil,
        kanaOnly: Bool = true, spaceWidth: CharacterWidth = .full, live: LiveConversionSettings? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        self.document = document ?? InMemoryTextDocumentProxy(text: text)
        scheduler = ManualScheduler()
        store = InMemorySettingsStore()
        profiles = try ProfileManager(engine: engine, keyboardStore: store)
        var settings = KeyboardSettings(
            pendingInputStyle: style, deleteRepeat: timing,
            kanaOnlyProfiles: kanaOnly ? Set(profiles.profiles.map(\.id)) : [], spaceWidth: spaceWidth)
        let everyProfileConverts = Dictionary(uniqueKeysWithValues: profiles.profiles.map { ($0.id, SpaceHabit.japanese) })
        settings.live = live ?? LiveConversionSettings(isOn: false, spaceHabits: everyProfileConverts)
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
