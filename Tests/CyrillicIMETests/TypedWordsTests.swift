import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// What the writer typed, as the conversion requests carry it (`typed`, docs/FFI.md): the
/// encoding of `TypedWords`, and `TypedLetters` following the keys of a composition through
/// the real core's kana (no dictionary needed).
final class TypedWordsTests: XCTestCase {
    override func setUpWithError() throws {
        try RustCoreEngine.shared.initializeWithBundledResources()
    }

    private let moscow = TypedWords(language: "ru", words: [TypedWords.Word(text: "Москва", range: 0..<4)])

    /// The request as the core reads it, as a dictionary.
    private func decoded(_ request: some Encodable) throws -> [String: Any] {
        let json = ConversionRequestBody.json(request)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
    }

    private func typedMember(_ request: some Encodable) throws -> NSDictionary? {
        try decoded(request)["typed"] as? NSDictionary
    }

    private let expectedMoscow: NSDictionary = [
        "language": "ru", "words": [["text": "Москва", "start": 0, "end": 4]],
    ]

    // MARK: The request member

    func testEveryConversionRequestCarriesTheTypedWordsWithTheirSpansAndCapitals() throws {
        let convert = ConversionRequest("もсくぁ", typed: moscow).body
        XCTAssertEqual(try typedMember(convert), expectedMoscow)
        let resize = ResizeRequest(segment: 0, of: .unconverted("もсくぁ"), by: -1, typed: moscow).body
        XCTAssertEqual(try typedMember(resize), expectedMoscow)
        let candidates = SegmentCandidatesRequest(segment: 0, of: .unconverted("もсくぁ"), limit: 45, typed: moscow).body
        XCTAssertEqual(try typedMember(candidates), expectedMoscow)
        let predict = PredictionRequest("もсくぁ", typed: moscow).body
        XCTAssertEqual(try typedMember(predict), expectedMoscow)
        XCTAssertEqual(ConversionRequestBody.json(PredictionRequest("も").body).contains("typed"), false)
    }

    func testNoTypedWordsLeaveTheMemberOutSoTheRequestIsAsBefore() throws {
        XCTAssertNil(TypedWords.none.payload)
        XCTAssertNil(TypedWords(language: "ru", words: []).payload, "a language without words sends nothing")
        let request = ConversionRequest("から", typed: .none).body
        XCTAssertEqual(ConversionRequestBody.json(request).contains("typed"), false)
        XCTAssertEqual(Set(try decoded(request).keys), ["reading", "fixed", "candidates", "alternatives", "heard"])
    }

    func testTypedWordsGivenPerWordArePlacedOnTheJoinedReading() {
        let typed = TypedWords(
            language: "ru", typed: ["Москва", nil, "кимасита"], forEachOf: ["もсくぁ", "から", "きました"])
        XCTAssertEqual(typed.words, [
            TypedWords.Word(text: "Москва", range: 0..<4),
            TypedWords.Word(text: "кимасита", range: 6..<10),
        ])
        XCTAssertEqual(typed.payload?.words.map(\.start), [0, 6])
        XCTAssertEqual(typed.payload?.words.map(\.end), [4, 10])
    }

    func testPerWordTypingSkipsEmptyWordsAndCountsScalars() {
        // が written as か + combining dakuten is two scalars: the core counts scalars.
        let typed = TypedWords(language: "uk", typed: ["", "Київ", "x"], forEachOf: ["a", "き\u{3099}いв", ""])
        XCTAssertEqual(typed.words, [TypedWords.Word(text: "Київ", range: 1..<5)])
    }

    func testLimitingKeepsOnlyWhatTheCoreTakes() {
        let long = String(repeating: "а", count: TypedWords.maximumTextLength + 1)
        let typed = TypedWords(language: "ru", words: [
            TypedWords.Word(text: "Иван", range: 0..<3),
            TypedWords.Word(text: "ва", range: 2..<3),        // overlaps the one before
            TypedWords.Word(text: long, range: 3..<5),        // too long
            TypedWords.Word(text: "", range: 5..<6),          // empty
            TypedWords.Word(text: "дэс", range: 6..<8),
            TypedWords.Word(text: "но", range: 8..<12),       // beyond the reading
        ]).limited(toReadingLength: 9)
        XCTAssertEqual(typed.words.map(\.text), ["Иван", "дэс"])
        let many = TypedWords(language: "ru", words: (0..<100).map { TypedWords.Word(text: "а", range: $0..<$0 + 1) })
        XCTAssertEqual(many.limited(toReadingLength: 100).words.count, TypedWords.maximumWords)
    }

    // MARK: What a composition remembers

    /// `keys` typed into a composition through the real core, as the keyboard sends them.
    private func compose(_ keys: [String], profile: String = "rus_standard") -> Composition {
        var composition = Composition()
        for key in keys {
            let result = RustCoreEngine.shared.processKeyOrFallback(key, buffer: composition.pending, profileID: profile)
            _ = composition.take(result, forKey: key, committingKana: false)
        }
        return composition
    }

    private func compose(_ text: String, flushing: Bool = true, profile: String = "rus_standard") -> Composition {
        compose(text.map(String.init) + (flushing ? [EngineKey.flush] : []), profile: profile)
    }

    private func words(_ composition: Composition, language: String = "ru") -> [String] {
        let scalars = Array(composition.kana.unicodeScalars)
        return composition.typedWords(in: language).words.map {
            "\($0.text)=\(String(String.UnicodeScalarView(scalars[$0.range])))"
        }
    }

    func testAWordKeepsItsCapitalsAndCoversTheKanaItComposedTo() {
        let composition = compose("Москва")
        XCTAssertEqual(composition.kana, "もсくぁ")
        XCTAssertEqual(words(composition), ["Москва=もсくぁ"])
        XCTAssertEqual(composition.typedWords(in: "ru").language, "ru")
    }

    func testTheWordBeingTypedCountsOnceNothingIsPending() {
        XCTAssertEqual(words(compose("Москва", flushing: false)), ["Москва=もсくぁ"])
        XCTAssertEqual(words(compose("Пушкин", flushing: false)), [], "н is pending: the word's kana is not complete")
        XCTAssertEqual(words(compose("Пушкин")), ["Пушкин=ぷшきん"])
    }

    func testPunctuationAndDigitsEndAWordAndStayOutsideIt() {
        XCTAssertEqual(words(compose("Пушкин,")), ["Пушкин=ぷшきん"], "the comma flushed н: its 、 is not the word's")
        XCTAssertEqual(words(compose("дэс?")), ["дэс=でс"])
        XCTAssertEqual(words(compose("москва123")), ["москва=もсくぁ"])
        XCTAssertEqual(words(compose("Иван.Москва")), ["Иван=いわん", "Москва=もсくぁ"])
    }

    func testHyphensAndApostrophesInsideAWordBelongToIt() {
        XCTAssertEqual(words(compose("Санкт-Петербург")), ["Санкт-Петербург=さんктーぺてрぶрг"])
        XCTAssertEqual(words(compose("кон'я")), ["кон'я=こんや"])
        XCTAssertEqual(words(compose("То:кё: э")), ["То:кё:=とーきょー", "э=え"], "a long vowel inside a Japanese word")
        XCTAssertEqual(words(compose("м'ясо", profile: "ukr"), language: "uk").count, 1)
    }

    func testOtherProfilesRecordTheirOwnLetters() {
        XCTAssertEqual(words(compose("Київ", profile: "ukr"), language: "uk").map { $0.prefix(5) }, ["Київ="])
        XCTAssertEqual(words(compose("Београд", profile: "srp"), language: "sr-Cyrl").map { $0.prefix(8) }, ["Београд="])
    }

    func testBackspaceOnAPendingLetterDropsItFromTheWord() {
        let composition = compose(["М", "о", "с", "к", "в", EngineKey.backspace, "в", "а", EngineKey.flush])
        XCTAssertEqual(words(composition), ["Москва=もсくぁ"])
    }

    func testBackspaceIntoComposedKanaForgetsTheWordItTouches() {
        var composition = compose("Иван,Москва")
        XCTAssertEqual(words(composition), ["Иван=いわん", "Москва=もсくぁ"])
        composition.dropLastKana()
        XCTAssertEqual(words(composition), ["Иван=いわん"], "Москва lost its last kana")
        // What is typed next continues a word that no longer matches its kana: not recorded.
        for key in ["а", EngineKey.flush] {
            let result = RustCoreEngine.shared.processKeyOrFallback(key, buffer: composition.pending, profileID: "rus_standard")
            _ = composition.take(result, forKey: key, committingKana: false)
        }
        XCTAssertEqual(composition.kana, "いわん、もсくあ")
        XCTAssertEqual(words(composition), ["Иван=いわん"])
    }

    func testBackspaceAfterASpaceDropsOnlyWhatFollowsTheSpace() {
        // A combining mark typed after a word boundary joins the kana before it as one
        // character of the string; backspace must still take the mark alone, and keep the space.
        var composition = compose("кита")
        composition.typeSpace()
        XCTAssertEqual(composition.spaces, [2])
        for key in ["\u{0308}", EngineKey.flush] {
            let result = RustCoreEngine.shared.processKeyOrFallback(key, buffer: composition.pending, profileID: "rus_standard")
            _ = composition.take(result, forKey: key, committingKana: false)
        }
        XCTAssertEqual(composition.kana, "きた\u{0308}", "the core passes the mark through")
        composition.dropLastKana()
        XCTAssertEqual(composition.kana, "きた")
        XCTAssertEqual(composition.spaces, [2], "the space stays")
        composition.dropLastKana()
        XCTAssertEqual(composition.spaces, [])
        composition.dropLastKana()
        XCTAssertEqual(composition.kana, "き")
    }

    func testAChangedKanaForgetsItsWord() {
        var composition = compose("Киев")
        XCTAssertEqual(words(composition).count, 1)
        composition.replaceLastKana(with: "ぶ")
        XCTAssertEqual(words(composition), [])
    }

    func testLettersTypedRightAfterAFlushContinueTheWord() {
        let composition = compose(["М", "о", "с", EngineKey.flush, "к", "в", "а", EngineKey.flush])
        XCTAssertEqual(words(composition), ["Москва=もсくぁ"])
    }

    func testCompositionsWithTheSameKanaAreEqualWhateverWasTyped() {
        XCTAssertEqual(compose("Москва"), Composition(kana: "もсくぁ"))
        XCTAssertNotEqual(compose("Москва"), Composition(kana: "もсくぁ", pending: "с"))
    }

    func testKanaOnlyTypingCommitsTheKanaAndForgetsItsWords() {
        var composition = Composition()
        for key in ["М", "о"] {
            let result = RustCoreEngine.shared.processKeyOrFallback(key, buffer: composition.pending, profileID: "rus_standard")
            _ = composition.take(result, forKey: key, committingKana: true)
        }
        XCTAssertEqual(composition, Composition())
        XCTAssertEqual(composition.typedWords(in: "ru"), TypedWords(language: "ru", words: []))
    }

    // MARK: The keyboard sends them

    func testTheKeyboardSendsWhatWasTypedWithEveryConversionCall() throws {
        let engine = TypedRecordingEngine()
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва ")
        XCTAssertEqual(keyboard.controller.inputState, .converting)
        XCTAssertEqual(engine.typed, [moscow])
        keyboard.controller.resizeFocusedSegment(by: -1)
        keyboard.controller.turnCandidatePage(by: 1)
        keyboard.controller.turnCandidatePage(by: 1)
        XCTAssertEqual(engine.calls.filter { $0.hasPrefix("resize") || $0.hasPrefix("candidates") }.count, engine.typed.count - 1)
        XCTAssertTrue(engine.typed.allSatisfy { $0 == moscow }, "\(engine.typed)")
    }

    func testThePredictionsOfACompositionCarryItsTypedWords() throws {
        let engine = TypedRecordingEngine()
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва")
        XCTAssertEqual(engine.predictedTyped.last, moscow)
        XCTAssertEqual(engine.typed, [], "predictions are not conversions")
    }

    func testAPredictionWhoseTypedWordsAreRefusedIsAskedAgainWithoutThem() throws {
        let engine = TypedRecordingEngine()
        engine.refusesTyped = true
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва")
        XCTAssertEqual(Array(engine.predictedTyped.suffix(2)), [moscow, .none])
    }

    func testEscapeKeepsTheTypedWordsForTheNextConversion() throws {
        let engine = TypedRecordingEngine()
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва ")
        keyboard.controller.cancelConversionToReading()
        keyboard.type(" ")
        XCTAssertEqual(engine.typed, [moscow, moscow])
    }

    func testAnEditedCompositionSendsFewerTypedWords() throws {
        let engine = TypedRecordingEngine()
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва")
        keyboard.controller.tap(.backspace)
        keyboard.type("а ")
        XCTAssertEqual(keyboard.controller.conversion?.reading, "もсくあ")
        XCTAssertEqual(engine.typed, [TypedWords(language: "ru", words: [])])
    }

    func testEachProfileSendsItsLanguage() throws {
        let engine = TypedRecordingEngine()
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        XCTAssertTrue(keyboard.controller.selectProfile("ukr"))
        keyboard.type("Київ ")
        XCTAssertEqual(engine.typed.map(\.language), ["uk"])
        XCTAssertEqual(engine.typed.first?.words.map(\.text), ["Київ"])
    }

    func testACoreThatRefusesTheTypedWordsIsAskedWithoutThem() throws {
        let engine = TypedRecordingEngine()
        engine.refusesTyped = true
        let keyboard = try KeyboardHarness(engine: engine, kanaOnly: false)
        keyboard.type("Москва ")
        XCTAssertEqual(keyboard.controller.inputState, .converting)
        XCTAssertNil(keyboard.controller.lastError)
        XCTAssertEqual(engine.typed, [moscow, .none])
    }
}

/// `ScriptedConversionEngine`'s conversions, recording the typed words of every conversion call.
final class TypedRecordingEngine: KeyboardEngine {
    private let scripted = ScriptedConversionEngine()
    private(set) var typed: [TypedWords] = []
    /// The typed words of every prediction asked, apart: predictions run at every key.
    private(set) var predictedTyped: [TypedWords] = []
    var calls: [String] { scripted.calls }
    /// Fails every call that carries typed words, as a core without the member would.
    var refusesTyped = false

    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        scripted.processKey(key, buffer: buffer, profileID: profileID)
    }
    func cycleDakuten(_ character: String) -> DakutenResult? { scripted.cycleDakuten(character) }
    func profiles() -> [ProfileDescription]? { scripted.profiles() }

    private func refusal<T>(_ reading: String, _ typed: TypedWords) -> Result<T, KanjiConversionError>? {
        guard refusesTyped, typed != .none else { return nil }
        return .failure(KanjiConversionError(message: "unknown field typed", reading: reading))
    }

    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        typed.append(request.typed)
        return refusal(request.reading, request.typed) ?? scripted.convert(request)
    }

    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        typed.append(request.typed)
        return refusal(request.conversion.reading, request.typed) ?? scripted.resizeSegment(request)
    }

    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        typed.append(request.typed)
        return refusal(request.conversion.reading, request.typed) ?? scripted.candidates(request)
    }

    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        predictedTyped.append(request.typed)
        return refusal(request.reading, request.typed) ?? scripted.predictions(request)
    }

    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        scripted.nextWords(after: context, limit: limit)
    }
}
