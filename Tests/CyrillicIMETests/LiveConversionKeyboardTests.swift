import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// Live conversion through the in-memory document with the real dictionary (issue 37): the
/// marked text shows the best conversion of the whole composition at every keystroke, space
/// opens it asking the core for the focused segment's candidates only, return commits what is
/// shown, backspace edits the reading; auto-commit of a stable first clause; and both space
/// habits. Expected texts are the core's own answers for the same reading, so the tests hold
/// the keyboard to showing what the core converts, whatever the dictionary's costs.
final class LiveConversionKeyboardTests: XCTestCase {
    private var engine: RecordingEngine!

    override func setUpWithError() throws {
        try RustCoreEngine.shared.initializeWithBundledResources()
        try RustCoreEngine.shared.loadDictionary(atPath: compiledDictionaryPath())
        engine = RecordingEngine()
    }

    /// A converting keyboard with live conversion on, `habit` the space habit of rus_standard.
    private func harness(
        habit: SpaceHabit, autoCommit: AutoCommit = .off, style: PendingInputStyle = .marked
    ) throws -> KeyboardHarness {
        var settings = KeyboardSettings(pendingInputStyle: style)
        settings.live = LiveConversionSettings(isOn: true, autoCommit: autoCommit, spaceHabits: ["rus_standard": habit])
        return try KeyboardHarness(engine: engine, kanaOnly: false, settings: settings)
    }

    /// What live conversion shows for `reading`: the core's one-best answer, a last segment of
    /// one kana as typed.
    private func shown(_ reading: String, spaces: [Int] = []) throws -> String {
        let typed = TypedWords(language: "ru", words: [], spaces: spaces)
        var request = ConversionRequest(reading, typed: typed)
        request.candidates = 1
        let result = try RustCoreEngine.shared.convert(request).get()
        return result.segments.enumerated().map { index, segment in
            index == result.segments.count - 1 && segment.reading.count == 1 ? segment.reading : segment.candidates[0]
        }.joined()
    }

    // MARK: Live conversion

    func testTheMarkedTextIsTheWholeCompositionConvertedAtEveryKeystroke() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ватасин")
        XCTAssertEqual(keyboard.document.markedText, try shown("わたし") + "н", "the pending letter as typed at the end")
        XCTAssertNotEqual(keyboard.document.markedText, "わたしн", "converted, not kana")
        keyboard.type("онамаэханаканодэсу")
        XCTAssertEqual(keyboard.document.markedText, "私の名前は中野です")
        XCTAssertEqual(keyboard.controller.inputState, .composing, "still composing: nothing was converted by space")
        XCTAssertEqual(keyboard.document.text, "私の名前は中野です", "all of it marked, nothing committed")
        XCTAssertTrue(engine.converted.allSatisfy { $0.candidates == 1 }, "live conversion asks for the best path only: \(engine.converted)")
        XCTAssertEqual(engine.converted.count, "わたしのなまえはなかのです".count, "one conversion per keystroke that changed the kana")

        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "私の名前は中野です", "return commits what is shown")
        XCTAssertNil(keyboard.document.markedRange)
        XCTAssertEqual(keyboard.controller.history.segments.map(\.text).joined(), "私の名前は中野です")
    }

    func testAOneKanaTailStaysKanaUntilTheNextKana() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ки")
        XCTAssertEqual(keyboard.document.markedText, "き", "one kana alone is not turned into 木 or 気")
        keyboard.controller.tap(.backspace)
        keyboard.type("ватасиноки")
        var request = ConversionRequest("わたしのき")
        request.candidates = 1
        let result = try RustCoreEngine.shared.convert(request).get()
        XCTAssertEqual(result.segments.map { $0.candidates[0] }, ["私の", "木"], "the core converts the last kana alone")
        XCTAssertEqual(keyboard.document.markedText, "私のき", "the kana just typed stays kana")
        keyboard.type("моно")
        XCTAssertEqual(keyboard.document.markedText, try shown("わたしのきもの"))
    }

    func testBackspaceEditsTheReadingAndTheConversionFollows() throws {
        let keyboard = try harness(habit: .japanese, style: .inline)
        keyboard.type("ватасинонамаэ")
        XCTAssertEqual(keyboard.document.text, try shown("わたしのなまえ"))
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.document.text, try shown("わたしのなま"))
        XCTAssertEqual(keyboard.controller.composition.kana, "わたしのなま", "the reading lost its last kana")
        keyboard.type("ээ")
        XCTAssertEqual(keyboard.document.text, try shown("わたしのなまええ"))
    }

    func testTheBarOffersTheLiveResultThePredictionsAndTheReadingsOtherForms() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ватаси")
        let bar = keyboard.controller.candidateBar
        XCTAssertEqual(bar.content, .predictions)
        XCTAssertEqual(bar.items.first?.text, try shown("わたし"))
        XCTAssertEqual(bar.items.first?.opensConversion, true)
        XCTAssertTrue(bar.items.map(\.text).contains("ワタシ"), "\(bar.items.map(\.text))")
        XCTAssertTrue(bar.items.dropFirst().contains { !$0.opensConversion && $0.text != "ワタシ" && $0.text != "わたし" },
                      "predictions stay: \(bar.items.map(\.text))")
        keyboard.controller.chooseCandidate(at: 0)
        XCTAssertEqual(keyboard.controller.inputState, .converting, "a tap on the live result reaches the candidates")
    }

    // MARK: Space opens the conversion from the live result

    func testSpaceOpensTheLiveResultAskingOnlyTheFocusedSegmentsCandidates() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ватасинонамаэханаканодэсу")
        let live = try XCTUnwrap(keyboard.controller.live.result)
        engine.converted = []
        keyboard.controller.tap(.space)
        let session = try XCTUnwrap(keyboard.controller.conversion)
        XCTAssertEqual(session.segments.map(\.reading), live.segments.map(\.reading), "the live result's segments")
        XCTAssertEqual(keyboard.document.markedText, "私の名前は中野です")
        XCTAssertEqual(engine.converted.count, 0, "no conversion of the whole reading again")
        XCTAssertEqual(engine.segmentsAsked, [0], "the focused segment's candidates, and no other's")
        XCTAssertGreaterThan(keyboard.controller.candidateBar.items.count, 3, "its own list, not only the reading's forms")
        XCTAssertEqual(keyboard.controller.candidateBar.items.first?.text, session.text(ofSegment: 0))

        keyboard.controller.tap(.cursorRight)
        XCTAssertEqual(engine.segmentsAsked, [0, 1], "another segment's when the focus moves to it")
        keyboard.controller.tap(.cursorLeft)
        XCTAssertEqual(engine.segmentsAsked, [0, 1], "asked once")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "私の名前は中野です")
    }

    // MARK: Space habits

    func testTheCyrillicHabitTypesWordBoundariesAndOneReturnCommitsTheSentence() throws {
        let keyboard = try harness(habit: .cyrillic)  // rus_standard's standard one
        XCTAssertTrue(keyboard.controller.live.separatesWords(in: keyboard.profiles.current))
        var shownAfterEachWord: [String?] = []
        for word in ["ватаси ", "ва ", "гакусэй ", "дэсу"] {
            keyboard.type(word)
            shownAfterEachWord.append(keyboard.document.markedText)
            XCTAssertEqual(keyboard.controller.inputState, .composing, "space did not convert")
        }
        XCTAssertEqual(keyboard.controller.composition.spaces, [3, 4, 8], "わたし|わ|がくせい|です")
        XCTAssertEqual(shownAfterEachWord.last, "私は学生です")
        XCTAssertEqual(shownAfterEachWord[1], try shown("わたしわ", spaces: [3]), "Japanese while typing")
        let sentence = try RustCoreEngine.shared.convert(ConversionRequest(words: ["わたし", "わ", "がくせい", "です"])).get()
        XCTAssertEqual(sentence.bestText, "私は学生です", "what convert --kanji gives the spaced sentence")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "私は学生です")
        XCTAssertNil(keyboard.document.markedRange)
    }

    func testInTheCyrillicHabitTheRightArrowReachesTheCandidatesAndBackspaceTakesASpaceBack() throws {
        let keyboard = try harness(habit: .cyrillic)
        keyboard.type("кё: то")
        XCTAssertEqual(keyboard.controller.composition.spaces, [3])
        XCTAssertEqual(keyboard.document.markedText, try shown("きょーと", spaces: [3]))
        keyboard.controller.tap(.cursorRight)
        let session = try XCTUnwrap(keyboard.controller.conversion, "→ opened the conversion")
        XCTAssertEqual(session.typed.spaces, [3], "the space goes with every request of the conversion")
        XCTAssertFalse(keyboard.controller.candidateBar.items.isEmpty)
        keyboard.controller.tap(.backspace)  // back to composing, spaces kept
        XCTAssertEqual(keyboard.controller.composition.spaces, [3])
        keyboard.controller.tap(.backspace)
        keyboard.controller.tap(.backspace)
        keyboard.controller.tap(.space)
        XCTAssertEqual(keyboard.controller.composition.spaces, [3], "a second space adds nothing")
        keyboard.controller.tap(.backspace)
        XCTAssertEqual(keyboard.controller.composition.kana, "きょー")
        XCTAssertEqual(keyboard.controller.composition.spaces, [], "backspace took the space back first")
    }

    func testTheJapaneseHabitConvertsWithSpace() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("гакусэй ")
        XCTAssertEqual(keyboard.controller.inputState, .converting)
        XCTAssertEqual(keyboard.controller.composition.spaces, [])
    }

    // MARK: Auto-commit

    func testAutoCommitCommitsAFirstSegmentThatStayedTheSame() throws {
        let keyboard = try harness(habit: .japanese, autoCommit: .afterKeystrokes(3), style: .inline)
        var committedWhileTyping: [String] = []
        for letter in "ватасинонамаэханаканодэсу" {
            keyboard.controller.tap(.character(String(letter)))
            committedWhileTyping.append(keyboard.controller.history.segments.map(\.text).joined())
        }
        let firstCommit = try XCTUnwrap(committedWhileTyping.first { !$0.isEmpty }, "something was committed before return")
        XCTAssertEqual(firstCommit, "私の")
        XCTAssertFalse(keyboard.controller.composition.kana.hasPrefix("わたしの"), "it left the composition")
        keyboard.controller.tap(.enter)
        XCTAssertEqual(keyboard.document.text, "私の名前は中野です")

        let off = try harness(habit: .japanese, autoCommit: .off, style: .inline)
        off.type("ватасинонамаэханаканодэсу")
        XCTAssertTrue(off.controller.history.isEmpty, "off: nothing is committed before return")
        XCTAssertEqual(off.controller.composition.kana, "わたしのなまえはなかのです")
    }

    func testOnlyKeystrokesThatChangeTheCompositionCountTowardsAutoCommit() throws {
        var request = ConversionRequest("わたしのなまえ")
        request.candidates = 1
        let result = try RustCoreEngine.shared.convert(request).get()
        var live = LiveConversion(settings: LiveConversionSettings(isOn: true, autoCommit: .afterKeystrokes(2)))
        let composition = Composition(kana: "わたしのなまえ")
        live.take(result, for: composition)
        live.take(result, for: composition)  // the same kana again: back to the reading, say
        XCTAssertEqual(live.unchangedFirstSegment, 0, "a keystroke that changed nothing does not count")
        let spaced = Composition(kana: "わたしのなまえ", spaces: [3])
        live.take(result, for: spaced)
        XCTAssertEqual(live.unchangedFirstSegment, 1, "a space between words changed the composition")
        live.take(result, for: spaced)
        XCTAssertEqual(live.unchangedFirstSegment, 1, "a second space adds nothing, and does not count")
        _ = live.opening(spaced, in: "ru", after: .none, engine: RustCoreEngine.shared)
        XCTAssertEqual(live.unchangedFirstSegment, 0, "opening a conversion starts the count again")
    }

    func testTheReadingsFormsWaitForThePendingLetters() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ватасин")  // н is pending: the kana forms would leave it out
        XCTAssertEqual(keyboard.controller.composition.pending, "н")
        let controller = keyboard.controller
        let pending = controller.live.alternatives(for: controller.composition)
        XCTAssertEqual(pending.map(\.opensConversion), [true], "the live result alone, no form: \(pending.map(\.text))")
        keyboard.type("о")
        let complete = controller.live.alternatives(for: controller.composition).map(\.text)
        XCTAssertTrue(complete.contains("ワタシノ") && complete.contains("わたしの"), "\(complete)")
    }

    func testBackspaceOverASpaceJoinsTheTypedWordsAgain() throws {
        let keyboard = try harness(habit: .cyrillic)
        keyboard.type("Мос ")
        keyboard.controller.tap(.backspace)  // the space goes
        keyboard.type("ква")
        let words = keyboard.controller.composition.typedWords(in: "ru").words.map(\.text)
        XCTAssertEqual(words, ["Москва"], "one word again, as if the space had never been typed")
    }

    // MARK: Accuracy

    /// The live result at the end of each sentence is what `cyrillic-ime convert --kanji` writes
    /// for it: every sentence of the everyday set (scripts/tools/eval_everyday.tsv), typed key by
    /// key with spaces in its profile (the Cyrillic habit), against the command line run on the
    /// same lines (the binary `swift build` made beside this test).
    func testTheLiveResultAtTheEndOfEachSentenceIsWhatConvertKanjiWrites() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let cli = ProcessInfo.processInfo.environment["CYRILLIC_IME_CLI"] ?? package.appendingPathComponent(".build/debug/cyrillic-ime").path
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            return XCTFail("\(cli) is not there: build it with `swift build` (or name it in CYRILLIC_IME_CLI)")
        }
        let table = try String(contentsOf: package.appendingPathComponent("scripts/tools/eval_everyday.tsv"), encoding: .utf8)
        let profileOf = ["ru": "rus_standard", "uk": "ukr", "be": "bel", "bg": "bul", "sr": "srp"]
        var sentences: [String: [String]] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t").map(String.init)
            guard columns.count > 1, let profile = profileOf[columns[0]] else { continue }
            sentences[profile, default: []].append(columns[1])
        }
        XCTAssertGreaterThan(sentences.values.map(\.count).reduce(0, +), 100)
        for (profile, lines) in sentences.sorted(by: { $0.key < $1.key }) {
            let expected = try runConvertKanji(cli, profile: profile, lines: lines)
            XCTAssertEqual(expected.count, lines.count, "one line out per line in")
            var settings = KeyboardSettings()
            settings.live = LiveConversionSettings(isOn: true, spaceHabits: [profile: .cyrillic])
            for (typed, kanji) in zip(lines, expected) {
                let keyboard = try KeyboardHarness(engine: RustCoreEngine.shared, kanaOnly: false, settings: settings)
                keyboard.profiles.select(profile)
                keyboard.type(typed)
                keyboard.controller.tap(.enter)  // the last letters become kana, and the result follows
                XCTAssertEqual(keyboard.controller.live.result?.bestText, kanji, "\(profile): \(typed)")
            }
        }
    }

    private func runConvertKanji(_ cli: String, profile: String, lines: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli)
        process.arguments = ["convert", "--kanji", "--no-store", "--profile", profile, "--dictionary", try compiledDictionaryPath()]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert --kanji --profile \(profile)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The spaces typed go with every request as its word boundaries, inside the reading only.
    func testTheSpacesTypedAreTheBoundariesOfEveryRequest() throws {
        let typed = TypedWords(language: "ru", words: [], spaces: [0, 3, 4, 8])
        var convert = ConversionRequest("わたしわがくせい", typed: typed)
        convert.wordBoundaries = [5]
        XCTAssertEqual(convert.body.boundaries, [3, 4, 5], "the ends separate nothing")
        let conversion = KanjiConversion(reading: "わたしわがくせい", segments: [
            .init(reading: "わたしわ", candidates: ["私は"]), .init(reading: "がくせい", candidates: ["学生"])], alternatives: [])
        XCTAssertEqual(ResizeRequest(segment: 0, of: conversion, by: 1, typed: typed).body.boundaries, [3, 4])
        XCTAssertEqual(SegmentCandidatesRequest(segment: 1, of: conversion, typed: typed).body.boundaries, [3, 4])
        XCTAssertNil(SegmentCandidatesRequest(segment: 1, of: conversion).body.boundaries, "no spaces, no member")
    }

    // MARK: Settings

    func testTheSettingsHaveTheirDefaultsAndAreStored() throws {
        let defaults = KeyboardSettings(stores: [])
        XCTAssertTrue(defaults.live.isOn)
        XCTAssertEqual(defaults.live.autoCommit, .off)
        let profiles = try XCTUnwrap(RustCoreEngine.shared.profiles())
        let habits = Dictionary(uniqueKeysWithValues: profiles.map { ($0.id, defaults.live.spaceHabit(of: $0)) })
        XCTAssertEqual(habits, ["rus_standard": .cyrillic, "srp": .cyrillic, "ukr": .cyrillic, "bel": .cyrillic, "bul": .cyrillic, "romaji": .japanese])

        let store = InMemorySettingsStore()
        LiveConversionSettings(isOn: false, autoCommit: .afterKeystrokes(4), spaceHabits: ["rus_standard": .japanese]).save(to: store)
        let read = KeyboardSettings(stores: [store]).live
        XCTAssertEqual(read, LiveConversionSettings(isOn: false, autoCommit: .afterKeystrokes(4), spaceHabits: ["rus_standard": .japanese]))
        store.set("sometimes", forKey: LiveConversionSettings.StoreKey.autoCommit)
        store.set("rus_standard:klingon,romaji:cyrillic", forKey: LiveConversionSettings.StoreKey.spaceHabits)
        let lenient = KeyboardSettings(stores: [store]).live
        XCTAssertEqual(lenient.autoCommit, .off, "an unreadable value is the default")
        XCTAssertEqual(lenient.spaceHabits, ["romaji": .cyrillic])
    }

    /// The extension stays loaded between appearances: what the app changed in the stores
    /// meanwhile is read again when the keyboard appears (`keyboardWillAppear(settings:)`), and
    /// a composition still marked is committed before the settings change.
    func testSettingsChangedInTheAppApplyWhenTheKeyboardAppearsAgain() throws {
        let keyboard = try harness(habit: .japanese)
        keyboard.type("ватаси")
        XCTAssertEqual(keyboard.document.markedText, try shown("わたし"), "live conversion on")
        let store = InMemorySettingsStore()
        LiveConversionSettings(isOn: false).save(to: store)
        keyboard.controller.keyboardWillAppear(settings: KeyboardSettings(stores: [store]))
        XCTAssertNil(keyboard.document.markedRange, "the composition was committed before the change")
        let committed = keyboard.document.text
        XCTAssertEqual(committed, try shown("わたし"), "as it was shown")

        keyboard.type("ватаси")
        XCTAssertEqual(keyboard.document.markedText, "わたし", "live conversion is off now: the kana are shown")
        keyboard.controller.keyboardWillAppear()
        XCTAssertEqual(keyboard.document.markedText, "わたし", "no settings given: nothing changes, nothing is committed")

        KeyboardSettings.saveKanaOnlyProfiles(["rus_standard"], to: store)
        keyboard.controller.keyboardWillAppear(settings: KeyboardSettings(stores: [store]))
        XCTAssertTrue(keyboard.controller.isKanaOnly)
        keyboard.type("ка")
        XCTAssertNil(keyboard.document.markedRange, "kana only: each kana is committed as it comes")
        XCTAssertTrue(keyboard.document.text.hasSuffix("か"), keyboard.document.text)
    }
}

/// The real core, recording what the keyboard asks of it: each conversion's candidates per
/// segment, and which segments' candidates.
private final class RecordingEngine: KeyboardEngine {
    private let real = RustCoreEngine.shared
    var converted: [(reading: String, candidates: Int)] = []
    var segmentsAsked: [Int] = []

    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        real.processKey(key, buffer: buffer, profileID: profileID)
    }

    func cycleDakuten(_ character: String) -> DakutenResult? { real.cycleDakuten(character) }
    func profiles() -> [ProfileDescription]? { real.profiles() }

    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        converted.append((request.reading, request.candidates))
        return real.convert(request)
    }

    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        real.resizeSegment(request)
    }

    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        segmentsAsked.append(request.segment)
        return real.candidates(request)
    }

    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        real.predictions(request)
    }

    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        real.nextWords(after: context, limit: limit)
    }
}
