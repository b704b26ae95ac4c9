import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Typing sessions through `KeyboardController` into the UTF-16 document model.
final class KeyboardLogicTests: BundledEngineTestCase {
    func testTypingShowsThePendingInputAsMarkedTextAtEveryStep() throws {
        let keyboard = try KeyboardHarness(text: "»")
        // (key, document after it, marked range in UTF-16 units, cursor)
        let steps: [(String, String, [Int]?, Int)] = [
            ("к", "»к", [1, 1], 2),
            ("о", "»こ", nil, 2),
            ("н", "»こн", [2, 1], 3),
            ("н", "»こんн", [3, 1], 4),
            ("и", "»こんに", nil, 4),
            ("д", "»こんにд", [4, 1], 5),
            ("з", "»こんにдз", [4, 2], 6),
            ("а", "»こんにざ", nil, 5),
        ]
        for (key, text, range, cursor) in steps {
            keyboard.type(key)
            XCTAssertEqual(keyboard.document.text, text, "after \(key)")
            XCTAssertEqual(marked(keyboard.document), range, "after \(key)")
            XCTAssertEqual(keyboard.document.cursorOffset, cursor, "after \(key)")
            XCTAssertEqual(keyboard.controller.buffer, keyboard.document.markedText ?? "", "after \(key)")
        }
    }

    func testReferenceWordsTypeThroughTheKeyboardInBothStyles() throws {
        for style in PendingInputStyle.allCases {
            for (typed, kana) in referenceWords {
                let keyboard = try KeyboardHarness(settings: KeyboardSettings(pendingInputStyle: style))
                keyboard.type(typed)
                keyboard.controller.keyboardWillHide()
                XCTAssertEqual(keyboard.document.text, kana, "\(typed) in \(style)")
                XCTAssertNil(keyboard.document.markedRange, "\(typed) in \(style)")
                XCTAssertNil(keyboard.controller.lastError, "\(typed) in \(style)")
            }
        }
    }

    func testEveryProfileTypesItsWorkedExamplesThroughTheKeyboard() throws {
        // Expectations from Tests/fixtures/examples.tsv, written independently of the core.
        let profiles = try XCTUnwrap(RustCoreEngine.shared.profiles())
        for profile in profiles {
            XCTAssertTrue(workedExamples.contains { $0.profile == profile.id }, "no worked example for \(profile.id)")
        }
        for (profile, typed, kana) in workedExamples {
            for style in PendingInputStyle.allCases {
                let keyboard = try KeyboardHarness(settings: KeyboardSettings(pendingInputStyle: style))
                XCTAssertTrue(keyboard.controller.selectProfile(profile))
                keyboard.type(typed)
                keyboard.controller.keyboardWillHide()
                XCTAssertEqual(keyboard.document.text, kana, "\(profile): \(typed) in \(style)")
                XCTAssertNil(keyboard.controller.lastError, "\(profile): \(typed) in \(style)")
            }
        }
    }

    func testInlineStyleShowsThePendingInputAsPlainText() throws {
        let keyboard = try KeyboardHarness(settings: KeyboardSettings(pendingInputStyle: .inline))
        let steps: [(String, String)] = [
            ("к", "к"), ("о", "こ"), ("н", "こн"), ("н", "こんн"), ("и", "こんに"),
            ("д", "こんにд"), ("з", "こんにдз"), ("а", "こんにざ"),
        ]
        for (key, text) in steps {
            keyboard.type(key)
            XCTAssertEqual(keyboard.document.text, text, "after \(key)")
            XCTAssertNil(keyboard.document.markedRange)
        }
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "こんに")
        XCTAssertFalse(keyboard.document.operations.contains { if case .setMarkedText = $0 { true } else { false } },
                       "inline style never marks text")
        // д → дз only appends з: the shown pending input is rewritten, not retyped.
        XCTAssertTrue(keyboard.document.operations.contains(.insertText("з")))
    }

    func testSwitchingStyleConvertsWhatIsPending() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("хон")
        keyboard.controller.pendingInputStyle = .inline
        XCTAssertEqual(keyboard.document.text, "ほん")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "ほんか")
    }

    func testBackspaceEditsThePendingInputThenTheDocument() throws {
        for style in PendingInputStyle.allCases {
            let keyboard = try KeyboardHarness(settings: KeyboardSettings(pendingInputStyle: style))
            keyboard.type("кадз")
            XCTAssertEqual(keyboard.document.text, "かдз")
            let steps = ["かд", "か", "", ""]  // the last backspace finds an empty document
            for text in steps {
                keyboard.controller.tap(.backspace)
                XCTAssertEqual(keyboard.document.text, text, style.rawValue)
                XCTAssertEqual(keyboard.document.markedText ?? "", style == .marked ? keyboard.controller.buffer : "")
            }
            XCTAssertNil(keyboard.document.markedRange, "an emptied marked range is unmarked")
            keyboard.type("дза")
            XCTAssertEqual(keyboard.document.text, "ざ", "the shortened buffer keeps composing")
        }
    }

    func testBackspaceWithNothingPendingDeletesWithoutAskingTheCore() throws {
        let keyboard = try KeyboardHarness(text: "かな")
        var phases: [KeyboardController.Phase] = []
        keyboard.controller.onPhaseChange = { phases.append($0) }
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "か")
        XCTAssertEqual(phases, [.inserting, .idle], "nothing pending: the core has nothing to convert")
    }

    func testBackspaceDeletesWholeCharactersOfCommittedText() throws {
        let keyboard = try KeyboardHarness(text: "a👍🏽🇯🇵")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "a👍🏽")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "a")
    }

    func testSpaceAndEnterFlushThenInsert() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("хон")
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.document.text, "ほん ")
        keyboard.type("кан\n")
        XCTAssertEqual(keyboard.document.text, "ほん かん\n")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.buffer, "")
    }

    func testHidingTheKeyboardConvertsWhatIsPending() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("хон")
        keyboard.controller.keyboardWillHide()
        XCTAssertEqual(keyboard.document.text, "ほん")
        XCTAssertNil(keyboard.document.markedRange)
    }

    func testHoldingBackspaceRepeatsThenDeletesWords() throws {
        // Timings exact in binary, so the tick at 2 s is the first word delete without rounding doubt.
        let timing = DeleteRepeatTiming(initialDelay: 0.5, interval: 0.125, wordsAfter: 2)
        let keyboard = try KeyboardHarness(
            text: "один два あいうえおかきくけこ" + String(repeating: "x", count: 13),
            settings: KeyboardSettings(timing: KeyTiming(deleteRepeat: timing)))
        keyboard.controller.pressBackspace()
        XCTAssertEqual(keyboard.deleteCount, 1, "one delete at once")
        keyboard.scheduler.advance(by: 0.499)
        XCTAssertEqual(keyboard.deleteCount, 1, "nothing more before the initial delay")
        keyboard.scheduler.advance(by: 0.001)
        XCTAssertEqual(keyboard.deleteCount, 2, "the first repeat at 0.5 s")
        keyboard.scheduler.advance(by: 1.375)  // t = 1.875: repeats at 0.625 … 1.875
        XCTAssertEqual(keyboard.document.text, "один два あいうえおかきくけこ", "13 characters, one at a time")
        keyboard.scheduler.advance(by: 0.125)  // t = 2: words from now on
        XCTAssertEqual(keyboard.document.text, "один два ")
        keyboard.scheduler.advance(by: 0.125)
        XCTAssertEqual(keyboard.document.text, "один ")
        keyboard.controller.releaseBackspace()
        keyboard.scheduler.advance(by: 5)
        XCTAssertEqual(keyboard.document.text, "один ", "nothing after release")
        XCTAssertEqual(keyboard.scheduler.pendingTaskCount, 0)
    }

    func testHeldBackspaceEditsThePendingInputFirst() throws {
        let timing = DeleteRepeatTiming(initialDelay: 0.5, interval: 0.125, wordsAfter: 2)
        let keyboard = try KeyboardHarness(text: "あい ", settings: KeyboardSettings(timing: KeyTiming(deleteRepeat: timing)))
        keyboard.type("кадз")
        keyboard.controller.pressBackspace()
        XCTAssertEqual(keyboard.document.markedText, "д")
        keyboard.scheduler.advance(by: 0.5)
        XCTAssertEqual(keyboard.document.text, "あい か")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.scheduler.advance(by: 0.125)
        XCTAssertEqual(keyboard.document.text, "あい ")
        keyboard.controller.releaseBackspace()
        XCTAssertEqual(keyboard.controller.buffer, "")
    }

    func testDefaultRepeatTimingIsTheSystemKeyboards() {
        XCTAssertEqual(DeleteRepeatTiming.standard, DeleteRepeatTiming(initialDelay: 0.5, interval: 0.1, wordsAfter: 2))
    }

    func testDakutenCyclesTheKanaBeforeTheCursor() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("ха")
        var seen = [keyboard.document.text]
        for _ in 0..<3 {
            keyboard.controller.tap(.dakuten)
            seen.append(keyboard.document.text)
        }
        XCTAssertEqual(seen, ["は", "ば", "ぱ", "は"])

        // Pending input is converted first; ん has no other form, so nothing more happens.
        keyboard.type("цун")
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.text, "はつん")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertNil(keyboard.controller.lastError)

        // After a cursor move, the kana before the cursor is the one cycled.
        keyboard.controller.tap(.cursorLeft)
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.text, "はっん")
        XCTAssertEqual(keyboard.document.cursorOffset, 2)
    }

    func testDakutenOnKatakanaAndAtTheStart() throws {
        let keyboard = try KeyboardHarness()
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.text, "", "nothing before the cursor: nothing to do")
        keyboard.controller.tap(.shift)
        keyboard.type("ха")
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.text, "バ")
    }

    func testDakutenWithoutAnAnswerChangesNothing() throws {
        let engine = FailingEngine()
        engine.failingKeys = []
        engine.failsDakuten = true
        let keyboard = try KeyboardHarness(engine: engine)
        keyboard.type("ха")
        keyboard.controller.tap(.dakuten)
        XCTAssertEqual(keyboard.document.text, "は")
        XCTAssertNotNil(keyboard.controller.lastError)
    }

    func testCursorKeysMoveOverWholeCharactersInUTF16Units() throws {
        let family = "👨‍👩‍👧"
        let text = "a😀🇯🇵e\u{301}\(family)b"
        let keyboard = try KeyboardHarness(text: text)
        for _ in 0..<7 { keyboard.controller.tap(.cursorLeft) }  // the last one at the start does nothing
        for _ in 0..<7 { keyboard.controller.tap(.cursorRight) }  // the last one at the end does nothing
        let moves = keyboard.document.operations.compactMap { op -> Int? in
            if case .adjustTextPosition(let offset) = op { return offset } else { return nil }
        }
        XCTAssertEqual(moves, [-1, -family.utf16.count, -2, -4, -2, -1, 1, 2, 4, 2, family.utf16.count, 1])
        XCTAssertEqual(family.utf16.count, 8)
        XCTAssertEqual(keyboard.document.cursorOffset, text.utf16.count)
        XCTAssertEqual(keyboard.document.text, text)
    }

    func testCursorKeysConvertWhatIsPendingFirst() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("хон")
        keyboard.controller.tap(.cursorLeft)
        XCTAssertEqual(keyboard.document.text, "ほん")
        XCTAssertEqual(keyboard.document.cursorOffset, 1)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "ほかん")
    }

    func testCursorKeysGuessOneUnitWhenTheHostHidesTheText() throws {
        let document = InMemoryTextDocumentProxy(text: "ab")
        document.hidesContext = true
        let keyboard = try KeyboardHarness(document: document)
        keyboard.controller.tap(.cursorLeft)
        XCTAssertEqual(document.cursorOffset, 1)
    }

    func testShiftOnceTypesOneKanaInKatakana() throws {
        let keyboard = try KeyboardHarness()
        keyboard.controller.tap(.shift)
        XCTAssertEqual(keyboard.controller.shift.mode, .once)
        keyboard.type("кко")  // っ, then こ completes the kana: shift covers both
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
        keyboard.type("ко")
        XCTAssertEqual(keyboard.document.text, "ッコこ")
    }

    func testDoubleTapLocksShiftAndATapUnlocks() throws {
        let keyboard = try KeyboardHarness()
        keyboard.controller.tap(.shift)
        keyboard.scheduler.advance(by: 0.2)
        keyboard.controller.tap(.shift)
        XCTAssertEqual(keyboard.controller.shift.mode, .locked)
        keyboard.type("ко:хи:")
        XCTAssertEqual(keyboard.document.text, "コーヒー")
        keyboard.controller.tap(.shift)
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "コーヒーか")

        // Two slow taps: on, then off.
        keyboard.controller.tap(.shift)
        keyboard.scheduler.advance(by: 1)
        keyboard.controller.tap(.shift)
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
    }

    func testProfileSwitchMidWordConvertsInTheOldProfile() throws {
        // Pending н becomes ん in a Cyrillic profile but stays н in romaji (and pending n the
        // other way round), so converting after the switch instead of before would show.
        let keyboard = try KeyboardHarness()
        XCTAssertEqual(keyboard.profiles.current.id, standardProfile)

        // The {profile} key, from the Cyrillic profile listed before romaji.
        let ids = keyboard.profiles.profiles.map(\.id)
        let romajiIndex = try XCTUnwrap(ids.firstIndex(of: "romaji"))
        XCTAssertGreaterThan(romajiIndex, 0, "romaji must follow a Cyrillic profile: \(ids)")
        XCTAssertTrue(keyboard.controller.selectProfile(ids[romajiIndex - 1]))
        keyboard.type("хон")
        XCTAssertEqual(keyboard.controller.buffer, "н")
        keyboard.controller.tap(.profile)
        XCTAssertEqual(keyboard.profiles.current.id, "romaji")
        XCTAssertEqual(keyboard.controller.activeProfileID, "romaji")
        XCTAssertEqual(keyboard.document.text, "ほん")
        XCTAssertNil(keyboard.document.markedRange)

        // The long-press list: romaji → rus_standard with n pending.
        keyboard.type("kon")
        XCTAssertEqual(keyboard.controller.buffer, "n")
        XCTAssertTrue(keyboard.controller.selectProfile(standardProfile))
        XCTAssertEqual(keyboard.document.text, "ほんこん")
        XCTAssertFalse(keyboard.controller.selectProfile("klingon"))

        // A change made elsewhere (the app, another keyboard instance): rus_standard → romaji.
        keyboard.type("сан")
        keyboard.profiles.select("romaji")
        XCTAssertEqual(keyboard.controller.activeProfileID, "romaji")
        XCTAssertEqual(keyboard.document.text, "ほんこんさん")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.store.string(forKey: ProfileManager.StoreKey.profileID), "romaji")
        XCTAssertNil(keyboard.controller.lastError)
    }

    func testShiftTurnsOffWhenTheProfileChangesOrTheKeyboardHides() throws {
        let keyboard = try KeyboardHarness()
        func lockShift() {
            keyboard.controller.tap(.shift)
            keyboard.controller.tap(.shift)  // the frozen clock makes it a double tap
            XCTAssertEqual(keyboard.controller.shift.mode, .locked)
        }
        // Locked while the profile changes: what is pending converts in katakana, then off.
        lockShift()
        keyboard.type("кан")
        keyboard.controller.tap(.profile)
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
        XCTAssertEqual(keyboard.document.text, "カン")
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "カンか")

        // Through the long-press list and from elsewhere too, once included.
        lockShift()
        XCTAssertTrue(keyboard.controller.selectProfile(standardProfile))
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
        keyboard.controller.tap(.shift)
        XCTAssertEqual(keyboard.controller.shift.mode, .once)
        keyboard.profiles.select("romaji")
        XCTAssertEqual(keyboard.controller.shift.mode, .off)

        // Hiding the keyboard: pending text converts in katakana, shift is off on return.
        lockShift()
        keyboard.type("n")
        XCTAssertEqual(keyboard.controller.buffer, "n")
        keyboard.controller.keyboardWillHide()
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
        XCTAssertEqual(keyboard.document.text, "カンかン")
        keyboard.controller.keyboardWillAppear()
        keyboard.type("na")
        XCTAssertEqual(keyboard.document.text, "カンかンな")
    }

    func testBackspaceDoesNotEndShiftOnce() throws {
        let keyboard = try KeyboardHarness(text: "あ")
        keyboard.controller.tap(.shift)
        // Backspace over the pending letter leaves nothing pending but completed no kana.
        keyboard.type("к")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.controller.buffer, "")
        XCTAssertEqual(keyboard.controller.shift.mode, .once)
        // Backspace over committed text completes no kana either.
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "")
        XCTAssertEqual(keyboard.controller.shift.mode, .once)
        keyboard.type("кака")
        XCTAssertEqual(keyboard.document.text, "カか")
        XCTAssertEqual(keyboard.controller.shift.mode, .off)
    }

    func testHostMovingTheCursorKeepsThePendingLettersAsTyped() throws {
        let keyboard = try KeyboardHarness()
        keyboard.type("кон")
        keyboard.controller.documentDidChange()  // iOS echoes the keyboard's own edits
        XCTAssertEqual(keyboard.controller.buffer, "н", "an echo changes nothing")

        keyboard.document.userSelects(NSRange(location: 0, length: 0))
        keyboard.controller.documentDidChange()
        XCTAssertEqual(keyboard.controller.buffer, "")
        XCTAssertEqual(keyboard.document.text, "こн")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.type("а")
        XCTAssertEqual(keyboard.document.text, "あこн")
    }

    func testCoreReturningNothingInsertsWhatWasTyped() throws {
        let engine = FailingEngine()
        let keyboard = try KeyboardHarness(engine: engine)
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "ка")
        XCTAssertNotNil(keyboard.controller.lastError)
        keyboard.controller.tap(.space)
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, "ка", "the space was typed, then deleted")

        // Failing in the middle of a word: the pending letter and the key, as typed.
        engine.failingKeys = ["а"]
        keyboard.type("к")
        XCTAssertEqual(keyboard.document.markedText, "к")
        keyboard.type("а")
        XCTAssertEqual(keyboard.document.text, "кака")
        XCTAssertNil(keyboard.document.markedRange)
        keyboard.type("ко")
        XCTAssertEqual(keyboard.document.text, "какаこ")
        XCTAssertNil(keyboard.controller.lastError, "a clean answer clears the error")

        // A failing backspace still edits the pending input.
        engine.failingKeys = [EngineKey.backspace]
        keyboard.type("дз")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.markedText, "д")
    }

    func testUnknownProfileErrorsInsertWhatWasTyped() throws {
        let profile = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first)
        var stale = profile
        stale.id = "removed_profile"
        let manager = try ProfileManager(profiles: [stale], keyboardStore: InMemorySettingsStore())
        let document = InMemoryTextDocumentProxy()
        let controller = KeyboardController(
            engine: RustCoreEngine.shared, proxy: document, profiles: manager, scheduler: ManualScheduler())
        for letter in ["к", "а"] { controller.tap(.character(letter)) }
        XCTAssertEqual(document.text, "ка")
        XCTAssertTrue(controller.lastError?.contains("removed_profile") ?? false, controller.lastError ?? "no error")
    }

    func testEachKeyGoesIdleProcessingResultInsertIdle() throws {
        let keyboard = try KeyboardHarness()
        var phases: [KeyboardController.Phase] = []
        keyboard.controller.onPhaseChange = { phases.append($0) }
        keyboard.type("к")
        XCTAssertEqual(phases, [
            .processing("к"),
            .resultReceived(ConversionResult(output: "", buffer: "к", action: .compose)),
            .inserting,
            .idle,
        ])
        XCTAssertEqual(keyboard.controller.phase, .idle)
    }

    func testAKeyArrivingDuringAnEditIsQueuedNotLost() throws {
        let keyboard = try KeyboardHarness()
        keyboard.document.onEdit = { [controller = keyboard.controller, document = keyboard.document] operation in
            guard operation == .insertText("か") else { return }
            document.onEdit = nil
            controller.tap(.character("и"))  // arrives while か is being inserted
            XCTAssertEqual(document.text, "か", "not handled inside the edit")
        }
        keyboard.type("ка")
        XCTAssertEqual(keyboard.document.text, "かい")
        XCTAssertEqual(keyboard.controller.phase, .idle)
    }
}
