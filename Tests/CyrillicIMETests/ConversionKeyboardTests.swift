import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Typing sessions through the UTF-16 document in a converting profile: composing,
/// converting, choosing, moving and resizing segments, committing, and the fallbacks.
/// The words come from `ScriptedConversionEngine`, so every expectation here is written
/// out by hand; the last test runs the real dictionary end to end.
final class ConversionKeyboardTests: XCTestCase {
    override func setUpWithError() throws {
        try RustCoreEngine.shared.initializeWithBundledResources()
    }

    private func harness(
        _ engine: KeyboardEngine = ScriptedConversionEngine(), text: String = "", style: PendingInputStyle = .marked,
        spaceWidth: CharacterWidth = .full
    ) throws -> KeyboardHarness {
        try KeyboardHarness(
            text: text, engine: engine, kanaOnly: false,
            settings: KeyboardSettings(pendingInputStyle: style, spaceWidth: spaceWidth))
    }

    // MARK: Composing

    func testLettersComposeKanaWithThePendingLettersAtTheEnd() throws {
        let keyboard = try harness()
        keyboard.type("ватасин")
        XCTAssertEqual(keyboard.controller.inputState, .composing)
        XCTAssertEqual(keyboard.controller.composition, Composition(kana: "わたし", pending: "н"))
        XCTAssertEqual(keyboard.document.text, "わたしн")
        XCTAssertEqual(marked(keyboard.document), [0, 4])
        assertDocument(keyboard, committed: "")
    }

    func testBackspaceEditsTheCompositionFromItsEnd() throws {
        let keyboard = try harness(text: "ab")
        keyboard.type("ватасин")
        var shown: [String?] = []
        for _ in 0..<4 {
            keyboard.controller.tap(.backspace)
            shown.append(keyboard.document.markedText)
            assertDocument(keyboard, committed: "ab")
        }
        XCTAssertEqual(shown, ["わたし", "わた", "わ", nil])
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(keyboard.document.text, "ab")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "a", "with nothing composed, backspace deletes")
    }

    func testPredictionsWhileComposingAndATapCommitsOne() throws {
        let learning = RecordingLearning()
        let keyboard = try harness()
        keyboard.controller.learning = learning
        keyboard.type("вата")
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["私の", "渡る"])
        keyboard.controller.chooseCandidate(at: 0)
        XCTAssertEqual(keyboard.document.text, "私の")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["は", "です"], "then the words that follow it")
        XCTAssertEqual(learning.learned, [ConversionChoice(reading: "わたしの", segments: [.init(reading: "わたしの", text: "私の")])])
    }

    func testAFailedSaveIsNoticedOnceAndTheTextIsStillCommitted() throws {
        let learning = RecordingLearning()
        learning.outcomes = [.saved, .notSaved("cannot create /gone/learning.cime.tmp-1-0"), .notSaved("again"), .saved, .notSaved("full disk")]
        let keyboard = try harness()
        keyboard.controller.learning = learning
        keyboard.type("вата")
        keyboard.controller.chooseCandidate(at: 0)
        XCTAssertEqual(keyboard.controller.learningStatus, LearningStatus(), "a saved commit leaves no notice")
        var notices: [String?] = []
        for expected in ["私の私の", "私の私の私の", "私の私の私の私の", "私の私の私の私の私の"] {
            keyboard.type("вата")
            keyboard.controller.chooseCandidate(at: 0)
            XCTAssertEqual(keyboard.document.text, expected, "the text is committed whatever became of the learning")
            notices.append(keyboard.controller.learningStatus.notice)
            _ = keyboard.controller.learningStatus.takeNotice()
        }
        XCTAssertEqual(notices, [
            "Learning not saved: what you choose is remembered only until the keyboard closes (cannot create /gone/learning.cime.tmp-1-0)",
            nil,  // the same run of failures: shown once
            nil,  // saved again
            "Learning not saved: what you choose is remembered only until the keyboard closes (full disk)",
        ])
        XCTAssertEqual(keyboard.controller.learningStatus.unsavedCommits, 1)
        XCTAssertEqual(keyboard.controller.learningStatus.problem, "full disk")
        var status = keyboard.controller.learningStatus
        XCTAssertNil(status.takeNotice(), "a notice is handed over once")
        status.record(.notLearned("$segments[0].text is empty"))
        XCTAssertEqual(status.takeNotice(), "Not learned: $segments[0].text is empty")
    }

    func testSpaceAndReturnWithNothingComposed() throws {
        let keyboard = try harness()
        keyboard.controller.tap(.space)
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "\u{3000}\n", "full-width space by default in a converting profile")
        let half = try harness(spaceWidth: .half)
        half.controller.tap(.space)
        XCTAssertEqual(half.document.text, " ")
    }

    func testReturnWhileComposingCommitsTheKanaWithoutANewline() throws {
        let keyboard = try harness()
        keyboard.type("ватасин\n")
        XCTAssertEqual(keyboard.document.text, "わたしん")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.document.cursorOffset, 4)
    }

    // MARK: Converting

    func testSpaceConvertsIntoSegmentsWithTheFocusedOneSelected() throws {
        let keyboard = try harness(text: "😀")
        keyboard.type("ватасинонамаэ ")
        let controller = keyboard.controller
        XCTAssertEqual(controller.inputState, .converting)
        XCTAssertEqual(controller.conversion?.segments.map(\.reading), ["わたしの", "なまえ"])
        XCTAssertEqual(keyboard.document.text, "😀私の名前")
        XCTAssertEqual(marked(keyboard.document), [2, 4], "after the emoji's two UTF-16 units")
        XCTAssertEqual(keyboard.document.selectedRange, NSRange(location: 2, length: 2), "私の is focused")
        XCTAssertEqual(controller.candidateBar.content, .candidates(segment: 0, segmentCount: 2))
        XCTAssertEqual(controller.candidateBar.items.map(\.text), ["私の", "渡しの", "わたしの", "ワタシノ"])
        XCTAssertEqual(controller.candidateBar.focus, 0)
        assertDocument(keyboard, committed: "😀")
    }

    func testSpaceAgainGoesThroughTheCandidatesThenAsksForMoreThenWraps() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватасинонамаэ ")
        var texts: [String?] = []
        for _ in 0..<5 {
            keyboard.controller.tap(.space)
            texts.append(keyboard.document.markedText)
            assertDocument(keyboard, committed: "")
        }
        XCTAssertEqual(texts, ["渡しの名前", "わたしの名前", "ワタシノ名前", "綿氏の名前", "私の名前"])
        XCTAssertEqual(engine.calls.filter { $0.hasPrefix("candidates") }, ["candidates 0"], "more candidates are asked for once")
        XCTAssertEqual(keyboard.controller.candidateBar.focus, 0)
    }

    func testArrowsMoveTheFocusBetweenSegmentsNotTheCursor() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ ")
        keyboard.controller.tap(.cursorRight)
        XCTAssertEqual(keyboard.document.selectedRange, NSRange(location: 2, length: 2), "名前 is focused")
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["名前", "なまえ", "ナマエ"])
        keyboard.controller.tap(.cursorRight)
        XCTAssertEqual(keyboard.controller.conversion?.focus, 1, "the focus stops at the last segment")
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.document.markedText, "私のなまえ")
        keyboard.controller.tap(.cursorLeft)
        XCTAssertEqual(keyboard.document.selectedRange, NSRange(location: 0, length: 2))
        assertDocument(keyboard, committed: "")
    }

    func testShrinkingAndExtendingTheFocusedSegmentConvertsAgain() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ ")
        keyboard.controller.resizeFocusedSegment(by: -1)
        XCTAssertEqual(keyboard.controller.conversion?.segments.map(\.reading), ["わたし", "の", "なまえ"])
        XCTAssertEqual(keyboard.document.markedText, "私野名前")
        XCTAssertEqual(keyboard.document.selectedRange, NSRange(location: 0, length: 1))
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["私", "渡し", "わたし", "ワタシ"])
        assertDocument(keyboard, committed: "")
        keyboard.controller.resizeFocusedSegment(by: 1)
        XCTAssertEqual(keyboard.controller.conversion?.segments.map(\.reading), ["わたしの", "なまえ"])
        XCTAssertEqual(keyboard.document.markedText, "私の名前")
        keyboard.controller.resizeFocusedSegment(by: 10)
        XCTAssertEqual(keyboard.controller.conversion?.segments.map(\.reading), ["わたしのなまえ"], "extended to the end")
        XCTAssertEqual(keyboard.document.markedText, "わたしのなまえ")
        assertDocument(keyboard, committed: "")
    }

    func testReturnCommitsWhatIsShownAndLearnsIt() throws {
        let learning = RecordingLearning()
        let keyboard = try harness(text: "「")
        keyboard.controller.learning = learning
        keyboard.type("ватасинонамаэ  ")  // convert, next candidate
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "「渡しの名前")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.document.cursorOffset, 6)
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(learning.learned, [ConversionChoice(reading: "わたしのなまえ", segments: [
            .init(reading: "わたしの", text: "渡しの"), .init(reading: "なまえ", text: "名前"),
        ], context: .text("「"))], "learned after the text before it")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "「渡しの名前\n", "then return is a newline again")
    }

    func testTappingACandidateChoosesItAndMovesOnThenCommitsAfterTheLast() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ ")
        keyboard.controller.chooseCandidate(at: 1)
        XCTAssertEqual(keyboard.document.markedText, "渡しの名前")
        XCTAssertEqual(keyboard.controller.conversion?.focus, 1)
        assertDocument(keyboard, committed: "")
        keyboard.controller.chooseCandidate(at: 2)
        XCTAssertEqual(keyboard.document.text, "渡しのナマエ")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.inputState, .idle)
    }

    func testBackspaceWhileConvertingReturnsToComposing() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ ")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.controller.inputState, .composing)
        XCTAssertEqual(keyboard.document.markedText, "わたしのなまえ")
        assertDocument(keyboard, committed: "")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.markedText, "わたしのなま")
    }

    func testEscapeWhileConvertingGoesBackToTheReading() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ ")
        XCTAssertEqual(keyboard.controller.inputState, .converting)
        keyboard.controller.cancelConversionToReading()
        XCTAssertEqual(keyboard.controller.inputState, .composing)
        XCTAssertEqual(keyboard.document.markedText, "わたしのなまえ")
        assertDocument(keyboard, committed: "")
        // Not converting: nothing changes; space converts the reading again.
        keyboard.controller.cancelConversionToReading()
        XCTAssertEqual(keyboard.document.markedText, "わたしのなまえ")
        keyboard.type(" ")
        XCTAssertEqual(keyboard.controller.inputState, .converting)
        XCTAssertEqual(keyboard.document.markedText, "私の名前")
    }

    func testANewLetterOrPunctuationCommitsTheConversionAndComposesAgain() throws {
        let keyboard = try harness()
        keyboard.type("ватасинонамаэ к")
        XCTAssertEqual(keyboard.document.text, "私の名前к")
        XCTAssertEqual(keyboard.document.markedText, "к")
        assertDocument(keyboard, committed: "私の名前")
        keyboard.type("а ")
        keyboard.controller.tap(.character("。"))
        XCTAssertEqual(keyboard.document.text, "私の名前か。")
        assertDocument(keyboard, committed: "私の名前か")
        XCTAssertEqual(keyboard.controller.composition.kana, "。")
    }

    func testCursorMovesProfileSwitchesAndHidingCommitFirst() throws {
        let keyboard = try harness(text: "ab")
        keyboard.type("ватаси")
        keyboard.controller.tap(.cursorLeft)
        XCTAssertEqual(keyboard.document.text, "abわたし")
        XCTAssertEqual(keyboard.document.cursorOffset, 4)
        XCTAssertNil(keyboard.document.markedRange)

        let converting = try harness()
        converting.type("ватасинонамаэ  ")
        converting.controller.keyboardWillHide()
        XCTAssertEqual(converting.document.text, "渡しの名前")
        XCTAssertNil(converting.document.markedRange)

        let switching = try harness()
        switching.type("ватасинон")
        switching.controller.tap(.profile)
        XCTAssertEqual(switching.document.text, "わたしのん", "the pending н is converted in the old profile")
        XCTAssertEqual(switching.controller.inputState, .idle)
    }

    func testTheHostMovingTheCursorDropsTheStateWithoutLosingText() throws {
        let keyboard = try harness(text: "ab")
        keyboard.type("ватасинонамаэ ")
        keyboard.document.userSelects(NSRange(location: 0, length: 0))
        keyboard.controller.documentDidChange()
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(keyboard.document.text, "ab私の名前", "the host committed the marked text where it stood")
        keyboard.type("ка\n")
        XCTAssertEqual(keyboard.document.text, "かab私の名前")
    }

    func testDakutenWhileComposingChangesTheLastKana() throws {
        let keyboard = try harness()
        keyboard.type("ха")
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.markedText, "ば")
        XCTAssertEqual(keyboard.controller.inputState, .composing)
    }

    func testDakutenAfterAFlushTheCoreFailedLeavesWhatWasTypedAndTheError() throws {
        // In either profile the pending letters are flushed first; when the core fails, they are
        // committed as typed and the key goes no further: the text before them is not the
        // writer's to change by it, and the error stays to say what happened.
        for kanaOnly in [false, true] {
            let engine = FailingEngine()
            engine.failingKeys = [EngineKey.flush]
            engine.failsDakuten = true  // a dakuten asked of the core would be an error of its own
            let keyboard = try KeyboardHarness(engine: engine, kanaOnly: kanaOnly)
            keyboard.type("хак")
            keyboard.controller.tap(.dakuten)
            XCTAssertEqual(keyboard.document.text, "はк", "kana-only \(kanaOnly)")
            XCTAssertNil(keyboard.document.markedRange)
            XCTAssertEqual(keyboard.controller.inputState, .idle)
            XCTAssertEqual(keyboard.controller.lastError, ConversionResult.fallback(key: EngineKey.flush, buffer: "к").error,
                           "kana-only \(kanaOnly): the flush's error")
        }
    }

    // MARK: Inline style

    func testInlineStyleShowsCompositionAndConversionAsPlainText() throws {
        let keyboard = try harness(style: .inline)
        keyboard.type("ватасинонамаэ")
        XCTAssertEqual(keyboard.document.text, "わたしのなまえ")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.document.text, "私の名前")
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.document.text, "渡しの名前")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "わたしのなまえ")
        keyboard.controller.tap(.enter)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "わたしのなまえか")
        XCTAssertNil(keyboard.document.markedRange)
    }

    // MARK: When the core fails

    func testAFailedConversionCommitsTheCompositionAsKana() throws {
        let engine = ScriptedConversionEngine()
        engine.failsConversion = true
        let keyboard = try harness(engine)
        keyboard.type("ватасин")
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty, "no predictions without a dictionary")
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.document.text, "わたしん")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(keyboard.controller.lastError, "no dictionary is loaded (scripted)")
    }

    func testAResizeTheCoreCannotDoCommitsTheReading() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватасинонамаэ ")
        engine.failsConversion = true
        keyboard.controller.resizeFocusedSegment(by: 1)
        XCTAssertEqual(keyboard.document.text, "わたしのなまえ")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertNotNil(keyboard.controller.lastError)
    }

    func testACoreWithNoAnswerCommitsTheCompositionAndTheKeyAsTyped() throws {
        let engine = FailingEngine()
        engine.failingKeys = ["к"]
        let keyboard = try harness(engine)
        keyboard.type("ватак")
        XCTAssertEqual(keyboard.document.text, "わたк")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertNotNil(keyboard.controller.lastError)
    }

    // MARK: Kana-only profiles and settings

    func testKanaOnlyProfilesInsertKanaAsTheyComeAndSwitchingCommitsFirst() throws {
        let keyboard = try harness()
        keyboard.type("ватасин")
        keyboard.controller.setKanaOnly(true, forProfile: keyboard.profiles.current.id)
        XCTAssertEqual(keyboard.document.text, "わたしん", "what was composed is committed first (н → ん)")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.type("ка ")
        XCTAssertEqual(keyboard.document.text, "わたしんか ", "kana go straight in; space is the core's")
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        keyboard.controller.setKanaOnly(false, forProfile: keyboard.profiles.current.id)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.markedText, "か")
    }

    func testSettingsReadKanaOnlyProfilesAndSpaceWidth() {
        let store = InMemorySettingsStore()
        KeyboardSettings.saveKanaOnlyProfiles(["ukr", "rus_standard"], to: store)
        store.set("half", forKey: KeyboardSettings.StoreKey.spaceWidth)
        let settings = KeyboardSettings(stores: [store])
        XCTAssertEqual(settings.kanaOnlyProfiles, ["ukr", "rus_standard"])
        XCTAssertTrue(settings.isKanaOnly("ukr"))
        XCTAssertFalse(settings.isKanaOnly("srp"))
        XCTAssertEqual(settings.spaceWidth, .half)
        XCTAssertEqual(KeyboardSettings(stores: []).spaceWidth, .full)
        XCTAssertEqual(KeyboardSettings(stores: []).kanaOnlyProfiles, [])
    }

    // MARK: The bar and VoiceOver

    func testCandidateBarPagesAndVoiceOverLabels() throws {
        let engine = ScriptedConversionEngine()
        engine.words["わたしの"] = (1...12).map { "候補\($0)" }
        let keyboard = try harness(engine)
        keyboard.type("ватасинонамаэ ")
        var bar = keyboard.controller.candidateBar
        XCTAssertEqual(bar.items.count, 14)
        XCTAssertEqual(bar.pageCount, 2)
        XCTAssertEqual(bar.pageRange, 0..<9)
        XCTAssertEqual(bar.items[0].accessibilityLabel, "候補1, reading わたしの, candidate 1 of 14")
        XCTAssertEqual(bar.items[12].accessibilityLabel, "わたしの, candidate 13 of 14")
        for _ in 0..<9 { keyboard.controller.tap(.space) }
        bar = keyboard.controller.candidateBar
        XCTAssertEqual(bar.focus, 9)
        XCTAssertEqual(bar.page, 1, "the bar shows the page of the chosen candidate")
        XCTAssertEqual(bar.pageRange, 9..<14)
        let session = try XCTUnwrap(keyboard.controller.conversion)
        XCTAssertEqual(SegmentAccessibility.label(of: session, segment: 0), "候補10, reading わたしの, segment 1 of 2, selected")
        XCTAssertEqual(SegmentAccessibility.label(of: session, segment: 1), "名前, reading なまえ, segment 2 of 2")
    }

    // MARK: The real dictionary

    func testTheWritersSentenceWithTheRealDictionary() throws {
        try RustCoreEngine.shared.loadDictionary(atPath: compiledDictionaryPath())
        let keyboard = try harness(RustCoreEngine.shared)
        keyboard.type("ватасинонамаэханаканодэсу ")
        XCTAssertEqual(keyboard.document.markedText, "私の名前は中野です")
        let session = try XCTUnwrap(keyboard.controller.conversion)
        XCTAssertEqual(session.segments.map(\.reading).joined(), "わたしのなまえはなかのです")
        let bar = keyboard.controller.candidateBar
        let reading = session.segments[0].reading
        XCTAssertTrue(bar.items.map(\.text).contains(reading), "hiragana among the candidates")
        XCTAssertTrue(bar.items.map(\.text).contains(ScriptedConversionEngine.katakana(reading)), "katakana among the candidates")
        assertDocument(keyboard, committed: "")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "私の名前は中野です")
        XCTAssertNil(keyboard.document.markedRange)
    }
}
