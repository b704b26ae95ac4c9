import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The context the keyboard passes with each conversion (docs/KEYBOARD.md, "Context"): its
/// history of what it committed just before the cursor, kept while the cursor stays there and
/// dropped when the cursor moves, the text changes under it or the field changes; otherwise
/// the text before the cursor; otherwise none. The words come from `ScriptedConversionEngine`,
/// which records the context of every call, so each rule is pinned without the dictionary.
final class ConversionContextKeyboardTests: XCTestCase {
    private let 私 = CommittedSegment(reading: "わたし", text: "私", leftID: 1851, rightID: 1851)

    override func setUpWithError() throws {
        try RustCoreEngine.shared.initializeWithBundledResources()
    }

    private func harness(
        _ engine: ScriptedConversionEngine, text: String = "", style: PendingInputStyle = .marked
    ) throws -> KeyboardHarness {
        try KeyboardHarness(text: text, engine: engine, kanaOnly: false, settings: KeyboardSettings(pendingInputStyle: style))
    }

    // MARK: Context from the history

    func testTheNextLetterCommitsAndTheCommittedWordIsTheContextOfTheNext() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси ")
        XCTAssertEqual(engine.contexts.last, ConversionContext.none, "an empty field: the start of a sentence")
        keyboard.type("в")
        XCTAssertEqual(keyboard.document.text, "私в", "the letter committed the word")
        XCTAssertEqual(keyboard.controller.history.segments, [私], "with the classes of the chosen candidate")
        keyboard.type("а ")
        XCTAssertEqual(engine.calls.last, "convert わ []")
        XCTAssertEqual(engine.contexts.last, .history([私]), "わ is converted after 私")
        assertDocument(keyboard, committed: "私")
        keyboard.type("ка\n")
        XCTAssertEqual(keyboard.document.text, "私わか")
        XCTAssertEqual(keyboard.controller.history.segments.map(\.text), ["私", "わ", "か"], "oldest first")
        XCTAssertEqual(keyboard.controller.history.segments.last, CommittedSegment(reading: "か", text: "か"),
                       "kana committed as typed have no classes: the core looks them up")
    }

    func testTheChosenCandidateIsWhatTheHistoryKeeps() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси  ")  // convert, then the next candidate: 渡し (no classes scripted)
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.controller.history.segments, [CommittedSegment(reading: "わたし", text: "渡し")])
        keyboard.type("ватасино     ")  // 私の 渡しの わたしの ワタシの, then past the end: more from the core
        XCTAssertEqual(keyboard.controller.conversion?.focusedCandidates.last, "綿氏の")
        XCTAssertEqual(engine.contexts.last, .history([CommittedSegment(reading: "わたし", text: "渡し")]),
                       "more candidates are asked with the conversion's context")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "渡し綿氏の")
        XCTAssertEqual(keyboard.controller.history.segments.last, CommittedSegment(reading: "わたしの", text: "綿氏の"),
                       "a candidate added later has no classes")
    }

    func testResizingAsksWithTheContextTheConversionWasMadeWith() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси ва")
        keyboard.type("намаэ ")
        keyboard.controller.resizeFocusedSegment(by: -1)
        XCTAssertEqual(engine.calls.suffix(2), ["resize 0 -1", "convert わなまえ [1]"])
        XCTAssertEqual(engine.contexts.last, .history([私]))
    }

    func testLearningIsToldTheContextOfEachChoice() throws {
        let engine = ScriptedConversionEngine()
        let learning = RecordingLearning()
        let keyboard = try harness(engine)
        keyboard.controller.learning = learning
        keyboard.type("ватаси ва \n")
        XCTAssertEqual(learning.learned, [
            ConversionChoice(reading: "わたし", segments: [.init(reading: "わたし", text: "私")]),
            ConversionChoice(reading: "わ", segments: [.init(reading: "わ", text: "わ")], context: .history([私])),
        ])
    }

    // MARK: Next words

    func testAfterACommitTheBarOffersTheNextWordsAndATapInsertsOne() throws {
        let engine = ScriptedConversionEngine()
        let learning = RecordingLearning()
        let keyboard = try harness(engine)
        keyboard.controller.learning = learning
        keyboard.type("ватаси \n")
        XCTAssertEqual(keyboard.controller.inputState, .idle)
        XCTAssertEqual(keyboard.controller.candidateBar.content, .predictions)
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["は", "です"])
        XCTAssertEqual(engine.contexts.last, .history([私]), "the words that follow 私")
        keyboard.controller.chooseCandidate(at: 0)
        XCTAssertEqual(keyboard.document.text, "私は")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.history.segments, [私, CommittedSegment(reading: "は", text: "は")],
                       "the word tapped joins the history")
        XCTAssertEqual(learning.learned.last,
                       ConversionChoice(reading: "は", segments: [.init(reading: "は", text: "は")], context: .history([私])))
        XCTAssertEqual(engine.contexts.last, .history([私, CommittedSegment(reading: "は", text: "は")]),
                       "and the bar offers what follows it")
        keyboard.type("г")
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty, "a letter typed instead clears the next words")
        XCTAssertEqual(keyboard.document.text, "私はг")
    }

    func testALetterCommittingTheConversionAsksForNoNextWords() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси в")
        XCTAssertFalse(engine.calls.contains("next words"))
    }

    func testSpaceNewlineAndBackspaceAfterACommitEndTheHistory() throws {
        for key in [KeyboardKey.space, .enter, .backspace, .dakuten] {
            let engine = ScriptedConversionEngine()
            let keyboard = try harness(engine)
            keyboard.type("ватаси \n")
            XCTAssertFalse(keyboard.controller.history.isEmpty)
            keyboard.controller.tap(key)
            XCTAssertTrue(keyboard.controller.history.isEmpty, "\(key) ends the history")
            XCTAssertTrue(keyboard.controller.candidateBar.isEmpty, "\(key) clears the next words")
        }
    }

    func testKanaOnlyTypingEndsTheHistoryWithItsFirstKanaAndOffersNoNextWords() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        XCTAssertEqual(keyboard.controller.candidateBar.items.map(\.text), ["は", "です"])
        keyboard.controller.setKanaOnly(true, forProfile: keyboard.profiles.current.id)
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty, "no next words left over to tap in a kana-only profile")
        keyboard.type("к")
        XCTAssertEqual(keyboard.controller.history.segments, [私], "a pending letter commits nothing: the cursor is still after 私")
        keyboard.type("а")
        XCTAssertEqual(keyboard.document.text, "私か")
        XCTAssertTrue(keyboard.controller.history.isEmpty, "kana committed as typed end the history")
        keyboard.controller.setKanaOnly(false, forProfile: keyboard.profiles.current.id)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("私か"), "the next conversion reads the text before the cursor")
    }

    // MARK: When the history is dropped

    func testTheHistoryIsDroppedWhenTheCursorMoves() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine, text: "東京")
        keyboard.type("ватаси \n")
        XCTAssertEqual(keyboard.document.text, "東京私")
        keyboard.document.userSelects(NSRange(location: 1, length: 0))
        keyboard.controller.documentDidChange()
        XCTAssertTrue(keyboard.controller.history.isEmpty, "the cursor is no longer after 私")
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty, "nor are the next words offered")
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("東"), "the text before the new place is the context")
    }

    func testTheCursorKeysDropTheHistory() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        keyboard.controller.tap(.cursorLeft)
        XCTAssertTrue(keyboard.controller.history.isEmpty)
        keyboard.controller.tap(.cursorRight)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("私"), "back after 私, but as text: the history is gone")
    }

    func testAHostThatDoesNotCallBackStillCannotKeepAStaleHistory() throws {
        // The cursor moves, and the keyboard is not told: the next conversion sees it anyway.
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine, text: "東京")
        keyboard.type("ватаси \n")
        keyboard.document.userSelects(NSRange(location: 2, length: 0))
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("東京"), "a stale history is never used")
        XCTAssertTrue(keyboard.controller.history.isEmpty, "and it is gone")
    }

    func testTheHistoryIsDroppedWhenTheTextChangesUnderIt() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        // The app replaces the word (an autocorrection, a paste): the cursor is still at the end.
        keyboard.document.hostReplaces(NSRange(location: 0, length: 1), with: "僕")
        keyboard.controller.documentDidChange()
        XCTAssertTrue(keyboard.controller.history.isEmpty)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("僕"))
    }

    func testTheHistoryIsDroppedWhenTheFieldChanges() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        // Another field that happens to hold the same text: still not where 私 was committed.
        keyboard.document.userSwitchesField(to: "私")
        keyboard.controller.documentDidChange()
        XCTAssertTrue(keyboard.controller.history.isEmpty)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("私"))
    }

    func testHidingTheKeyboardDropsTheHistory() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        keyboard.controller.keyboardWillHide()
        XCTAssertTrue(keyboard.controller.history.isEmpty)
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty)
    }

    func testTheKeyboardsOwnEchoesKeepTheHistory() throws {
        // iOS reports the keyboard's own edits too: they leave the cursor after the history.
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ватаси \n")
        keyboard.controller.documentDidChange()
        keyboard.type("ва")
        keyboard.controller.documentDidChange()
        keyboard.type(" ")
        keyboard.controller.documentDidChange()
        XCTAssertEqual(engine.contexts.last, .history([私]))
        XCTAssertEqual(keyboard.controller.inputState, .converting)
    }

    // MARK: Context from the text before the cursor, none, garbage

    func testWithoutAHistoryTheTextBeforeTheCursorIsTheContext() throws {
        for style in [PendingInputStyle.marked, .inline] {
            let engine = ScriptedConversionEngine()
            let keyboard = try harness(engine, text: "東京", style: style)
            keyboard.type("э")
            XCTAssertEqual(engine.contexts.last, .text("東京"), "predictions: without the composition (\(style))")
            keyboard.type(" ")
            XCTAssertEqual(engine.contexts.last, .text("東京"), "conversion: without the composition (\(style))")
        }
    }

    func testTheTextAfterTheCursorIsNotContext() throws {
        let engine = ScriptedConversionEngine()
        let document = InMemoryTextDocumentProxy(text: "東京へ", cursorOffset: 2)
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false, document: document)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("東京"))
    }

    func testAnEmptyFieldOrAHiddenTextIsTheStartOfASentence() throws {
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine)
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, ConversionContext.none)

        let hiddenEngine = ScriptedConversionEngine()
        let hidden = InMemoryTextDocumentProxy(text: "東京")
        hidden.hidesContext = true
        let secure = try KeyboardHarness(engine: hiddenEngine, kanaOnly: false, document: hidden)
        secure.type("ва ")
        XCTAssertEqual(hiddenEngine.contexts.last, ConversionContext.none, "the host says nothing")
        // Its own commits are still the keyboard's history, until its own moves end it.
        secure.type("ва ")
        XCTAssertEqual(hiddenEngine.contexts.last, .history([CommittedSegment(reading: "わ", text: "わ")]))
        secure.controller.tap(.enter)
        secure.controller.tap(.cursorLeft)
        secure.type("ва ")
        XCTAssertEqual(hiddenEngine.contexts.last, ConversionContext.none)
    }

    func testGarbageBeforeTheCursorIsPassedForTheCoreToJudge() throws {
        // Which words the text holds is the core's business: the keyboard passes it as it is
        // (its end), and the core reads emoji and Latin as the start of a sentence.
        let engine = ScriptedConversionEngine()
        let keyboard = try harness(engine, text: "ok 👍🏽\u{0}")
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.last, .text("ok 👍🏽\u{0}"))
        XCTAssertEqual(keyboard.controller.conversion?.reading, "わ", "and converts as ever")
    }

    func testAConversionTheCoreRefusesWithTheContextIsAskedWithoutIt() throws {
        let engine = ScriptedConversionEngine()
        engine.refusesContext = true
        let keyboard = try harness(engine, text: "東京")
        keyboard.type("ва ")
        XCTAssertEqual(engine.contexts.suffix(2), [.text("東京"), ConversionContext.none])
        XCTAssertEqual(keyboard.controller.inputState, .converting, "converted all the same")
        XCTAssertEqual(keyboard.controller.conversion?.context, ConversionContext.none, "and resized without it")
        XCTAssertNil(keyboard.controller.lastError)
    }

    func testAKanaOnlyProfileKeepsNoHistory() throws {
        let keyboard = try KeyboardHarness(engine: ScriptedConversionEngine(), kanaOnly: true)
        keyboard.type("ватаси ва ")
        XCTAssertTrue(keyboard.controller.history.isEmpty)
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty)
    }
}

/// `ConversionHistory` on its own: when it is current, and the context it gives.
final class ConversionHistoryTests: XCTestCase {
    private let field = UUID()
    private let 私 = CommittedSegment(reading: "わたし", text: "私", leftID: 1851, rightID: 1851)
    private let は = CommittedSegment(reading: "は", text: "は")

    func testTheHistoryHoldsOnlyWhileTheCursorStaysAfterIt() {
        var history = ConversionHistory()
        XCTAssertEqual(history.context(textBeforeCursor: "東京", documentIdentifier: field), .text("東京"))
        XCTAssertEqual(history.context(textBeforeCursor: "", documentIdentifier: field), ConversionContext.none)
        XCTAssertEqual(history.context(textBeforeCursor: nil, documentIdentifier: field), ConversionContext.none)
        history.record([私], continuing: false, textBeforeCursor: "東京私", documentIdentifier: field)
        XCTAssertEqual(history.context(textBeforeCursor: "東京私", documentIdentifier: field), .history([私]))
        XCTAssertEqual(history.context(textBeforeCursor: "東京", documentIdentifier: field), .text("東京"), "moved")
        XCTAssertEqual(history.context(textBeforeCursor: "東京僕", documentIdentifier: field), .text("東京僕"), "changed")
        XCTAssertEqual(history.context(textBeforeCursor: "東京私", documentIdentifier: UUID()), .text("東京私"), "another field")
    }

    func testOnlyTheEndOfTheTextBeforeTheCursorIsCompared() {
        // Hosts give a window of the text before the cursor: where it starts may change.
        var history = ConversionHistory()
        let long = String(repeating: "あ", count: 100) + "東京私"
        history.record([私], continuing: false, textBeforeCursor: long, documentIdentifier: field)
        XCTAssertEqual(history.context(textBeforeCursor: String(long.suffix(40)), documentIdentifier: field), .history([私]))
        XCTAssertEqual(history.context(textBeforeCursor: String(long.suffix(10)), documentIdentifier: field), .text(String(long.suffix(10))),
                       "a window shorter than what is compared cannot tell: the history is not used")
        XCTAssertEqual(history.context(textBeforeCursor: long + "x", documentIdentifier: field), .text(long + "x"))
    }

    func testSegmentsFollowTheHistoryOnlyWhenItWasCurrent() {
        var history = ConversionHistory()
        history.record([私], continuing: false, textBeforeCursor: "私", documentIdentifier: field)
        history.record([は], continuing: true, textBeforeCursor: "私は", documentIdentifier: field)
        XCTAssertEqual(history.segments, [私, は])
        history.record([私], continuing: false, textBeforeCursor: "x私", documentIdentifier: field)
        XCTAssertEqual(history.segments, [私], "a commit elsewhere starts afresh")
        history.record([], continuing: true, textBeforeCursor: "x私 ", documentIdentifier: field)
        XCTAssertTrue(history.isEmpty, "a commit that is no segment (a space) ends it")
    }

    func testTheHistoryIsBounded() {
        var history = ConversionHistory()
        for index in 0..<20 {
            history.record([CommittedSegment(reading: "か", text: "\(index)")], continuing: true,
                           textBeforeCursor: "\(index)", documentIdentifier: field)
        }
        XCTAssertEqual(history.segments.count, ConversionContext.maximumSegments)
        XCTAssertEqual(history.segments.last?.text, "19")
    }
}

/// Words typed one at a time through the keyboard on the real dictionary (issue 17's table):
/// space converts, the next letter commits, and what was committed is the context of the next
/// word, so the particles as heard come out as written.
final class WordByWordKeyboardTests: XCTestCase {
    override func setUpWithError() throws {
        try loadBundledEngineAndDictionary()
    }

    private func typed(_ text: String, into document: String = "", style: PendingInputStyle = .marked) throws -> KeyboardHarness {
        let keyboard = try KeyboardHarness(
            text: document, engine: RustCoreEngine.shared, kanaOnly: false, settings: KeyboardSettings(pendingInputStyle: style))
        keyboard.type(text)
        return keyboard
    }

    func testASentenceTypedWordByWordWritesWhatItWouldInOneGo() throws {
        for style in [PendingInputStyle.marked, .inline] {
            let keyboard = try typed("ватаси ва гакусэй дэсу\n", style: style)
            XCTAssertEqual(keyboard.document.text, "私は学生です", "\(style)")
            XCTAssertNil(keyboard.document.markedRange)
            XCTAssertEqual(keyboard.controller.history.segments.map(\.text).joined(), "私は学生です")
            XCTAssertEqual(try typed("ватасивагакусэйдэсу \n", style: style).document.text, "私は学生です", "in one go")
        }
    }

    func testTheIssuesSentencesTypedWordByWord() throws {
        // Space converts the last word too (return alone would commit its kana, as in any IME).
        let sentences = [
            ("коно хон о ёмитай \n", "この本を読みたい"),
            ("гохан о табэмасита \n", "ご飯を食べました"),
            ("то:кё: э икимасита \n", "東京へ行きました"),
            ("сумимасэн, эки ва доко дэсу ка \n", "すみません、駅はどこですか"),
        ]
        for (typing, expected) in sentences {
            XCTAssertEqual(try typed(typing).document.text, expected, typing)
        }
    }

    func testAParticleAfterTheTextBeforeTheCursor() throws {
        // Nothing committed by the keyboard: the word before the cursor is the context.
        let keyboard = try typed("ва ", into: "私")
        XCTAssertEqual(keyboard.document.markedText, "は")
        let alone = try typed("ва ")
        XCTAssertNotEqual(alone.document.markedText, "は", "at the start of a sentence わ is not the particle")
        let garbage = try typed("ва ", into: "👍🏽ok")
        XCTAssertEqual(garbage.document.markedText, alone.document.markedText, "garbage before the cursor: as with none")
    }

    func testTheNextWordsAfterACommitAndATapInsertsOne() throws {
        let keyboard = try typed("ватаси\u{20}\n")
        XCTAssertEqual(keyboard.document.text, "私")
        let bar = keyboard.controller.candidateBar
        XCTAssertEqual(bar.content, .predictions)
        XCTAssertFalse(bar.isEmpty, "words that follow 私 are offered")
        let first = bar.items[0].text
        keyboard.controller.chooseCandidate(at: 0)
        XCTAssertEqual(keyboard.document.text, "私" + first)
        XCTAssertEqual(keyboard.controller.history.segments.map(\.text), ["私", first])
        keyboard.document.userSelects(NSRange(location: 0, length: 0))
        keyboard.controller.documentDidChange()
        XCTAssertTrue(keyboard.controller.history.isEmpty, "the cursor moved: the history is gone")
        XCTAssertTrue(keyboard.controller.candidateBar.isEmpty)
    }
}
