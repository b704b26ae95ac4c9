import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// What the iPhone shell forwards to, tested without UIKit: the host's traits (return key,
/// appearance, opening layer, private fields), key feedback, the touch tracker (profile long
/// press, space-bar drag, return enabling, globe), the bar's controls, the profile list, and
/// learning saved off the keyboard's thread.
final class ShellLogicTests: XCTestCase {
    override func setUpWithError() throws {
        try RustCoreEngine.shared.initializeWithBundledResources()
    }

    /// A converting keyboard over the scripted engine, with `settings` (kana-only off). Live
    /// conversion is off and space converts in every profile, as in the tests written before it,
    /// unless `keepsLive`.
    private func keyboard(
        _ engine: KeyboardEngine = ScriptedConversionEngine(), traits: HostTraits = HostTraits(), text: String = "",
        settings: KeyboardSettings = KeyboardSettings(), keepsLive: Bool = false
    ) throws -> (KeyboardController, InMemoryTextDocumentProxy, ManualScheduler, InMemorySettingsStore) {
        var settings = settings
        if !keepsLive {
            let profiles = RustCoreEngine.shared.profiles() ?? []
            settings.live = LiveConversionSettings(isOn: false, spaceHabits: Dictionary(uniqueKeysWithValues: profiles.map { ($0.id, .japanese) }))
        }
        let document = InMemoryTextDocumentProxy(text: text)
        document.traits = traits
        let store = InMemorySettingsStore()
        let scheduler = ManualScheduler()
        let profiles = try ProfileManager(engine: engine, keyboardStore: store)
        let controller = KeyboardController(
            engine: engine, proxy: document, profiles: profiles, scheduler: scheduler, settings: settings)
        controller.keyboardWillAppear()
        return (controller, document, scheduler, store)
    }

    private func type(_ text: String, on controller: KeyboardController) {
        for character in text {
            controller.tap(character == " " ? .space : .character(String(character)))
        }
    }

    // MARK: Host traits

    func testTheReturnKeyIsNamedAsTheHostAsksAndConfirmsWhileComposing() throws {
        let titles = HostTraits.ReturnKey.allCases.map {
            InputTraitsPolicy.returnKeyTitle(for: HostTraits(returnKey: $0), composing: false)
        }
        XCTAssertEqual(titles, ["改行", "開く", "Google", "参加", "次へ", "経路", "検索", "送信", "Yahoo", "完了", "緊急電話", "続ける"])
        let (controller, _, _, _) = try keyboard(traits: HostTraits(returnKey: .search))
        XCTAssertEqual(controller.hostField.returnKey(of: controller).title, "検索")
        XCTAssertEqual(controller.hostField.returnKey(of: controller).accessibilityLabel, "Search")
        type("вата", on: controller)
        XCTAssertEqual(controller.hostField.returnKey(of: controller).title, "確定", "return commits the composition")
        XCTAssertEqual(controller.hostField.returnKey(of: controller).accessibilityLabel, "Confirm")
    }

    func testReturnIsDisabledInAnEmptyFieldThatAsksForItAndATapThenDoesNothing() throws {
        let traits = HostTraits(returnKey: .send, enablesReturnKeyAutomatically: true)
        let (controller, document, scheduler, _) = try keyboard(traits: traits)
        let touches = KeyTouchTracker(keyboard: controller, feedback: nil, scheduler: scheduler)
        XCTAssertFalse(controller.hostField.returnKey(of: controller).isEnabled)
        touches.touchBegan(1, on: .enter, x: 300)
        touches.touchEnded(1)
        XCTAssertEqual(document.text, "", "a disabled return types nothing")
        type("а", on: controller)
        XCTAssertTrue(controller.hostField.returnKey(of: controller).isEnabled, "something composed")
        touches.touchBegan(2, on: .enter, x: 300)
        touches.touchEnded(2)
        XCTAssertEqual(document.text, "あ", "return commits the kana")
        XCTAssertTrue(controller.hostField.returnKey(of: controller).isEnabled, "the field holds text")
        let (plain, _, _, _) = try keyboard()
        XCTAssertTrue(plain.hostField.returnKey(of: plain).isEnabled, "a host that does not ask: always enabled")
    }

    func testNumberURLAndEMailFieldsOpenOnTheDigitsAndAnotherFieldOnTheLetters() throws {
        for kind in HostTraits.FieldKind.allCases {
            let (controller, document, _, _) = try keyboard(traits: HostTraits(fieldKind: kind))
            let symbols = controller.profiles.current.position(afterMode: .letters)
            let opensOnDigits: Set<HostTraits.FieldKind> = [
                .numberPad, .decimalPad, .phonePad, .namePhonePad, .asciiCapableNumberPad, .numbersAndPunctuation, .url, .emailAddress,
            ]
            XCTAssertEqual(controller.layer, opensOnDigits.contains(kind) ? symbols : .letters, "\(kind)")
            XCTAssertTrue(controller.currentRows.joined().contains(opensOnDigits.contains(kind) ? "1" : "а"), "\(kind)")
            document.userSwitchesField(to: "", traits: HostTraits())
            controller.documentDidChange()
            XCTAssertEqual(controller.layer, .letters, "another field: its own layer")
        }
    }

    func testTheSameFieldKeepsTheLayerThePersonChose() throws {
        let (controller, document, _, _) = try keyboard(traits: HostTraits(fieldKind: .numberPad), text: "12")
        XCTAssertFalse(controller.layer.isLetters)
        controller.tap(.mode)
        XCTAssertEqual(controller.layer, .letters, "the person went to the letters")
        document.userSelects(NSRange(location: 1, length: 0))
        controller.documentDidChange()
        XCTAssertEqual(controller.layer, .letters, "a cursor move in the same field changes no layer")
        controller.keyboardWillHide()
        controller.keyboardWillAppear()
        XCTAssertFalse(controller.layer.isLetters, "shown again: the field's layer")
    }

    func testTraitsThatChangeUnderTheSameIdentifierAreReadAgain() throws {
        // A host (a web view) may keep one documentIdentifier while its field becomes a
        // password field: its traits are read at every change, not only for another field.
        let (controller, document, _, _) = try keyboard(traits: HostTraits(), text: "ab")
        XCTAssertFalse(controller.hostField.isPrivate)
        document.traits = HostTraits(isSecure: true)
        document.userSelects(NSRange(location: 1, length: 0))
        controller.documentDidChange()
        XCTAssertTrue(controller.hostField.isPrivate, "the same identifier, a secure field now")
        controller.tap(.mode)
        let chosen = controller.layer
        document.userSelects(NSRange(location: 2, length: 0))
        controller.documentDidChange()
        XCTAssertEqual(controller.layer, chosen, "traits read again change no layer the writer chose")
    }

    func testTheHostsAppearanceIsKept() throws {
        for appearance in HostTraits.Appearance.allCases {
            let (controller, _, _, _) = try keyboard(traits: HostTraits(appearance: appearance))
            XCTAssertEqual(controller.hostField.appearance, appearance)
        }
    }

    func testASecureFieldIsNeitherLearnedFromNorRememberedNorPredicted() throws {
        let learning = RecordingLearning()
        let engine = ScriptedConversionEngine()
        let (controller, document, _, _) = try keyboard(engine, traits: HostTraits(isSecure: true))
        controller.learning = learning
        XCTAssertTrue(controller.hostField.isPrivate)
        type("вата", on: controller)
        XCTAssertTrue(controller.candidateBar.isEmpty, "no predictions")
        type("синонамаэ ", on: controller)
        XCTAssertEqual(controller.inputState, .converting, "conversion itself works")
        controller.tap(.enter)
        XCTAssertEqual(document.text, "私の名前")
        XCTAssertTrue(learning.learned.isEmpty, "nothing learned")
        XCTAssertTrue(controller.history.isEmpty, "no history")
        XCTAssertTrue(controller.candidateBar.isEmpty, "no next words")
        XCTAssertFalse(engine.calls.contains { $0.hasPrefix("predict") || $0 == "next words" })

        // Another, ordinary field: learning, history and predictions come back.
        document.userSwitchesField(to: "", traits: HostTraits())
        controller.documentDidChange()
        XCTAssertFalse(controller.hostField.isPrivate)
        type("вата", on: controller)
        XCTAssertFalse(controller.candidateBar.isEmpty)
        type("синонамаэ ", on: controller)
        controller.tap(.enter)
        XCTAssertEqual(learning.learned.map(\.text), ["私の名前"])
        XCTAssertFalse(controller.history.isEmpty)
    }

    func testSearchAndURLFieldsArePrivateOnlyWithTheSetting() throws {
        let search = HostTraits(returnKey: .search)
        let url = HostTraits(fieldKind: .url)
        let webSearch = HostTraits(fieldKind: .webSearch)
        let plain = HostTraits()
        let off = InputTraitsPolicy()
        let on = InputTraitsPolicy(searchAndURLFieldsArePrivate: true)
        XCTAssertEqual([search, url, webSearch, plain].map(off.isPrivate), [false, false, false, false])
        XCTAssertEqual([search, url, webSearch, plain].map(on.isPrivate), [true, true, true, false])
        XCTAssertTrue(off.isPrivate(HostTraits(isSecure: true)), "a secure field always")

        let stores = InMemorySettingsStore()
        stores.set("on", forKey: KeyboardSettings.StoreKey.privateSearchAndURLFields)
        let settings = KeyboardSettings(stores: [stores])
        XCTAssertTrue(settings.traitsPolicy.searchAndURLFieldsArePrivate)
        let learning = RecordingLearning()
        let (controller, _, _, _) = try keyboard(traits: search, settings: settings)
        controller.learning = learning
        type("ватасинонамаэ ", on: controller)
        controller.tap(.enter)
        XCTAssertTrue(learning.learned.isEmpty, "a search field, with the setting on")
    }

    // MARK: Feedback

    func testClicksAndHapticsFollowTheirSettingsAndNeedFullAccess() {
        let output = FeedbackRecorder()
        let feedback = KeyFeedback(settings: KeyFeedbackSettings(), output: output)
        feedback.keyWentDown()
        XCTAssertEqual(output.played, [], "without Full Access, nothing")
        feedback.hasFullAccess = true
        feedback.keyWentDown()
        XCTAssertEqual(output.played, ["click"], "clicks on by default, haptics off")
        feedback.settings = KeyFeedbackSettings(inputClicks: false, haptics: true)
        feedback.keyWentDown()
        XCTAssertEqual(output.played, ["click", "haptic"])

        let store = InMemorySettingsStore()
        store.set("off", forKey: KeyboardSettings.StoreKey.inputClicks)
        store.set("on", forKey: KeyboardSettings.StoreKey.haptics)
        XCTAssertEqual(KeyboardSettings(stores: [store]).feedback, KeyFeedbackSettings(inputClicks: false, haptics: true))
        store.set("sometimes", forKey: KeyboardSettings.StoreKey.haptics)
        XCTAssertEqual(KeyboardSettings(stores: [store]).feedback.haptics, false, "an unknown value: the default")
    }

    // MARK: Touches

    func testEveryKeyGoingDownGivesFeedbackAndATapTypesOnTouchUp() throws {
        let (controller, document, scheduler, _) = try keyboard()
        let output = FeedbackRecorder()
        let feedback = KeyFeedback(settings: KeyFeedbackSettings(inputClicks: true, haptics: true), output: output)
        feedback.hasFullAccess = true
        let touches = KeyTouchTracker(keyboard: controller, feedback: feedback, scheduler: scheduler)
        touches.touchBegan(1, on: .character("а"), x: 10)
        XCTAssertEqual(output.played, ["click", "haptic"])
        XCTAssertEqual(document.text, "", "typed on touch-up")
        touches.touchEnded(1)
        XCTAssertEqual(document.text, "あ")
        touches.touchBegan(2, on: .character("и"), x: 10)
        touches.touchCancelled(2)
        XCTAssertEqual(document.text, "あ", "a cancelled touch types nothing")
        touches.touchBegan(3, on: .backspace, x: 300)
        XCTAssertEqual(document.text, "", "backspace deletes on touch-down")
        touches.touchEnded(3)
        XCTAssertEqual(output.played.count, 6)
    }

    func testHoldingTheProfileKeyOpensTheListInsteadOfSwitching() throws {
        let (controller, _, scheduler, _) = try keyboard()
        let touches = KeyTouchTracker(keyboard: controller, feedback: nil, scheduler: scheduler)
        var heldLong: [KeyboardKey] = []
        touches.onLongPress = { heldLong.append($0) }
        let first = controller.profiles.current.id
        touches.touchBegan(1, on: .profile, x: 200)
        scheduler.advance(by: 0.6)
        touches.touchEnded(1)
        XCTAssertEqual(heldLong, [.profile])
        XCTAssertEqual(controller.profiles.current.id, first, "held: no switch")
        touches.touchBegan(2, on: .profile, x: 200)
        scheduler.advance(by: 0.2)
        touches.touchEnded(2)
        scheduler.advance(by: 1)
        XCTAssertEqual(heldLong, [.profile], "a tap is not held")
        XCTAssertNotEqual(controller.profiles.current.id, first, "a tap switches to the next profile")
    }

    func testDraggingTheSpaceBarMovesTheCursorAndTypesNoSpace() throws {
        let (controller, document, scheduler, _) = try keyboard(text: "abcdef")
        let touches = KeyTouchTracker(keyboard: controller, feedback: nil, scheduler: scheduler)
        touches.touchBegan(1, on: .space, x: 150)
        touches.touchMoved(1, x: 145)
        XCTAssertEqual(document.cursorOffset, 6, "under the threshold: not a drag yet")
        touches.touchMoved(1, x: 125)
        XCTAssertEqual(document.cursorOffset, 4, "25 pt left: two characters")
        touches.touchMoved(1, x: 141)
        XCTAssertEqual(document.cursorOffset, 5, "11 pt back right: one")
        touches.touchEnded(1)
        XCTAssertEqual(document.text, "abcdef", "no space typed")
        touches.touchBegan(2, on: .space, x: 150)
        touches.touchMoved(2, x: 155)
        touches.touchEnded(2)
        XCTAssertEqual(document.text, "abcde\u{3000}f", "a tap with a small wobble types the space")
    }

    func testTheGlobeKeyCommitsWhatIsComposedWhenTouched() throws {
        let (controller, document, scheduler, _) = try keyboard()
        let touches = KeyTouchTracker(keyboard: controller, feedback: nil, scheduler: scheduler)
        type("ватасин", on: controller)
        touches.touchBegan(1, on: .globe, x: 20)
        XCTAssertEqual(document.text, "わたしん")
        XCTAssertNil(document.markedRange)
        touches.touchEnded(1)
        XCTAssertEqual(document.text, "わたしん", "the switch itself is UIKit's")
    }

    // MARK: The bar's controls and the profile list

    func testEveryConvertingControlIsReachableFromTheBar() throws {
        let engine = ScriptedConversionEngine()
        let (controller, document, _, _) = try keyboard(engine)
        XCTAssertEqual(BarControl.available(in: controller), [])
        type("ватасинонамаэ ", on: controller)
        XCTAssertEqual(BarControl.available(in: controller), BarControl.allCases)
        XCTAssertFalse(BarControl.previousSegment.isEnabled(in: controller), "on the first segment")
        BarControl.nextSegment.perform(on: controller)
        XCTAssertEqual(controller.conversion?.focus, 1)
        XCTAssertFalse(BarControl.nextSegment.isEnabled(in: controller), "on the last segment")
        BarControl.previousSegment.perform(on: controller)
        BarControl.shrinkSegment.perform(on: controller)
        XCTAssertEqual(controller.conversion?.segments.map(\.reading), ["わたし", "の", "なまえ"])
        BarControl.extendSegment.perform(on: controller)
        XCTAssertEqual(controller.conversion?.segments.map(\.reading), ["わたしの", "なまえ"])
        BarControl.nextPage.perform(on: controller)
        XCTAssertEqual(engine.calls.filter { $0.hasPrefix("candidates") }, ["candidates 0"], "the next page asks for more")
        BarControl.backToReading.perform(on: controller)
        XCTAssertEqual(controller.inputState, .composing)
        XCTAssertEqual(document.markedText, "わたしのなまえ")
        XCTAssertEqual(Set(BarControl.allCases.map(\.title)).count, BarControl.allCases.count, "each has its own title")
    }

    func testPredictionsFillOnePageSoTheyHaveNoPageButtons() throws {
        let engine = ScriptedConversionEngine()
        engine.predictionList = (1...12).map { KanjiPrediction(text: "予測\($0)", reading: "わたし\($0)") }
        let (controller, _, _, _) = try keyboard(engine)
        type("вата", on: controller)
        XCTAssertEqual(controller.candidateBar.items.count, CandidateBar.defaultPageSize, "the core is asked for one page")
        XCTAssertEqual(BarControl.available(in: controller), [])
    }

    func testLiveConversionsItemsBesideAFullPageOfPredictionsGetPageButtons() throws {
        let engine = ScriptedConversionEngine()
        engine.predictionList = (1...12).map { KanjiPrediction(text: "予測\($0)", reading: "わたし\($0)") }
        let (controller, _, _, _) = try keyboard(engine, keepsLive: true)
        type("вата", on: controller)
        XCTAssertGreaterThan(controller.candidateBar.items.count, CandidateBar.defaultPageSize, "the live items join the page of predictions")
        XCTAssertEqual(BarControl.available(in: controller), [.previousPage, .nextPage])
        BarControl.nextPage.perform(on: controller)
        XCTAssertEqual(controller.candidateBar.page, 1)
        BarControl.previousPage.perform(on: controller)
        XCTAssertEqual(controller.candidateBar.page, 0)
    }

    func testCandidatePagesTurnBothWaysFromTheirButtons() throws {
        let engine = ScriptedConversionEngine()
        engine.words["わたしの"] = (1...12).map { "候補\($0)" }
        let (controller, _, _, _) = try keyboard(engine)
        type("ватасинонамаэ ", on: controller)
        XCTAssertEqual(controller.candidateBar.pageCount, 2)
        XCTAssertTrue(BarControl.previousPage.isEnabled(in: controller))
        BarControl.nextPage.perform(on: controller)
        XCTAssertEqual(controller.candidateBar.page, 1)
        BarControl.previousPage.perform(on: controller)
        XCTAssertEqual(controller.candidateBar.page, 0)
    }

    func testTheProfileListPicksAProfileAndStoresTheKanaOnlySwitch() throws {
        let (controller, document, _, store) = try keyboard()
        var entries = ProfileMenu.entries(of: controller)
        XCTAssertEqual(entries.map(\.id), controller.profiles.profiles.map(\.id))
        XCTAssertEqual(entries.filter(\.isCurrent).map(\.id), [controller.profiles.current.id])
        let other = try XCTUnwrap(entries.first { !$0.isCurrent })
        type("вата", on: controller)
        ProfileMenu.select(other.id, on: controller)
        XCTAssertEqual(controller.profiles.current.id, other.id)
        XCTAssertEqual(document.text, "わた", "what was composed is committed first")
        ProfileMenu.setKanaOnly(true, forProfile: other.id, on: controller, store: store)
        XCTAssertTrue(controller.isKanaOnly)
        XCTAssertEqual(store.string(forKey: KeyboardSettings.StoreKey.kanaOnlyProfiles), other.id)
        entries = ProfileMenu.entries(of: controller)
        XCTAssertEqual(entries.filter(\.isKanaOnly).map(\.id), [other.id])
    }

    func testHoldingTheProfileKeyCommitsWhatIsComposedFirst() throws {
        let (controller, document, scheduler, _) = try keyboard()
        let touches = KeyTouchTracker(keyboard: controller, feedback: nil, scheduler: scheduler)
        type("вата", on: controller)
        touches.touchBegan(1, on: .profile, x: 200)
        scheduler.advance(by: 0.6)
        XCTAssertEqual(controller.inputState, .idle)
        XCTAssertEqual(document.text, "わた")
        XCTAssertNil(document.markedRange)
    }

    func testLiveConversionsSettingsAreReachableFromTheProfileListAndStored() throws {
        let (controller, document, _, store) = try keyboard(keepsLive: true)
        let russian = try XCTUnwrap(controller.profiles.profiles.first { $0.id == "rus_standard" })
        XCTAssertTrue(ProfileMenu.liveSettings(of: controller).isOn, "on by default")
        XCTAssertEqual(ProfileMenu.entries(of: controller).first { $0.id == russian.id }?.spaceHabit, .cyrillic)

        ProfileMenu.setSpaceHabit(.japanese, forProfile: russian.id, on: controller, store: store)
        XCTAssertEqual(ProfileMenu.entries(of: controller).first { $0.id == russian.id }?.spaceHabit, .japanese)
        controller.selectProfile(russian.id)
        type("ватасинонамаэ ", on: controller)
        XCTAssertEqual(controller.inputState, .converting, "space converts now")
        controller.tap(.enter)

        ProfileMenu.setLiveConversion(false, on: controller, store: store)
        type("ватаси", on: controller)
        XCTAssertEqual(document.markedText, "わたし", "no live conversion: the kana")
        controller.tap(.enter)

        XCTAssertEqual(ProfileMenu.liveSettings(of: controller).autoCommit, .off)
        var steps: [AutoCommit] = []
        for _ in ProfileMenu.autoCommitSteps {
            ProfileMenu.stepAutoCommit(on: controller, store: store)
            steps.append(ProfileMenu.liveSettings(of: controller).autoCommit)
        }
        XCTAssertEqual(steps, [.afterKeystrokes(3), .afterKeystrokes(5), .afterKeystrokes(8), .off])

        let stored = KeyboardSettings(stores: [store]).live
        XCTAssertEqual(stored, ProfileMenu.liveSettings(of: controller), "kept in the keyboard's own store")
        XCTAssertFalse(stored.isOn)
        XCTAssertEqual(stored.spaceHabits[russian.id], .japanese)
    }

    func testAChangeFromTheProfileListStoresOnlyItsOwnSetting() throws {
        // The keyboard's own store is read before the App Group's: a change of one setting
        // there must not freeze the others against the app's later changes.
        let (controller, _, _, _) = try keyboard(keepsLive: true)
        let own = InMemorySettingsStore()
        ProfileMenu.setLiveConversion(false, on: controller, store: own)
        XCTAssertEqual(Set(own.values.keys), [LiveConversionSettings.StoreKey.liveConversion])
        ProfileMenu.stepAutoCommit(on: controller, store: own)
        XCTAssertEqual(Set(own.values.keys), [LiveConversionSettings.StoreKey.liveConversion, LiveConversionSettings.StoreKey.autoCommit])
    }

    // MARK: Learning off the keyboard's thread

    func testASaveRunsOnTheLearningQueueWhileTheKeyboardGoesOn() throws {
        let store = BlockingStore()
        let delivered = DeliveredWork()
        let (controller, document, _, _) = try keyboard()
        let learning = BackgroundLearning(
            store: store, reportingTo: controller, queue: DispatchQueue(label: "test.learning"),
            deliver: { delivered.add($0) })
        controller.learning = learning
        type("ватасинонамаэ ", on: controller)
        controller.tap(.enter)  // returns although the store is still waiting (for its lock)
        XCTAssertEqual(document.text, "私の名前")
        type("вата", on: controller)
        XCTAssertEqual(document.markedText, "わた", "typing goes on during the save")
        XCTAssertEqual(store.learnedCount, 0, "the save has not finished")
        store.release()
        learning.waitUntilIdle()
        XCTAssertEqual(store.learnedCount, 1)
        XCTAssertNil(controller.takeLearningNotice(), "its outcome comes back through deliver")
        delivered.runAll()
        XCTAssertEqual(controller.takeLearningNotice()?.hasPrefix("Learning not saved"), true)
        XCTAssertEqual(controller.learningStatus.unsavedCommits, 1)
    }

    func testStoreWorkRunsInOrderWithTheSavesAndAnswersThroughDeliver() throws {
        let store = BlockingStore()
        let delivered = DeliveredWork()
        let (controller, _, _, _) = try keyboard()
        let learning = BackgroundLearning(
            store: store, reportingTo: controller, queue: DispatchQueue(label: "test.learning"),
            deliver: { delivered.add($0) })
        XCTAssertEqual(learning.learn(ConversionChoice(reading: "わたし", segments: [.init(reading: "わたし", text: "私")])), .queued)
        var seen: [Int] = []
        learning.inOrder({ store.learnedCount }, then: { seen.append($0) })
        store.release()
        learning.waitUntilIdle()
        XCTAssertEqual(seen, [], "nothing reaches the keyboard until it is delivered")
        delivered.runAll()
        XCTAssertEqual(seen, [1], "the work ran after the save queued before it")
        XCTAssertEqual(controller.learningStatus.problem, "another process held the lock too long")
    }
}

/// Records what feedback was played.
private final class FeedbackRecorder: KeyFeedbackOutput {
    private(set) var played: [String] = []
    func playInputClick() { played.append("click") }
    func playHaptic() { played.append("haptic") }
}

/// A store whose first save waits (as for another process's lock) until `release()`, then
/// answers that it was not saved.
private final class BlockingStore: ConversionLearning, @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var learned = 0

    var learnedCount: Int { lock.withLock { learned } }
    func release() { gate.signal() }
    func openStore(atDirectory directory: String) throws {}
    func learn(_ choice: ConversionChoice) -> LearningOutcome {
        _ = gate.wait(timeout: .now() + 10)  // a bound, so a broken test fails instead of hanging
        lock.withLock { learned += 1 }
        return .notSaved("another process held the lock too long")
    }
}

/// What the learning queue hands back, run when the test says (the main queue's part on device).
private final class DeliveredWork: @unchecked Sendable {
    private let lock = NSLock()
    private var work: [@Sendable () -> Void] = []
    func add(_ item: @escaping @Sendable () -> Void) { lock.withLock { work.append(item) } }
    func runAll() {
        let items = lock.withLock { () -> [@Sendable () -> Void] in
            defer { work = [] }
            return work
        }
        items.forEach { $0() }
    }
}
