import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// A conversion engine with a few words of its own, so the keyboard's states can be tested
/// with expectations that do not depend on the real dictionary: kana come from the real
/// core; conversion segments the reading greedily by the longest word it knows (one kana
/// otherwise), and each segment's candidates are its words, then the reading in hiragana
/// and in katakana, as the core's are.
final class ScriptedConversionEngine: KeyboardEngine {
    private let real = RustCoreEngine.shared
    var words: [String: [String]] = [
        "わたしの": ["私の", "渡しの"],
        "わたし": ["私", "渡し"],
        "の": ["野"],
        "なまえ": ["名前"],
        "は": ["葉"],
    ]
    /// What `candidates(_:)` adds for a reading (the "more" the bar pages to).
    var moreWords: [String: [String]] = ["わたしの": ["綿氏の"]]
    var predictionList: [KanjiPrediction] = [
        KanjiPrediction(text: "私の", reading: "わたしの"),
        KanjiPrediction(text: "渡る", reading: "わたる"),
    ]
    /// What `nextWords(after:)` offers after any known context.
    var nextWordList: [KanjiPrediction] = [
        KanjiPrediction(text: "は", reading: "は"),
        KanjiPrediction(text: "です", reading: "です"),
    ]
    /// Classes the scripted conversion gives each word candidate (the reading forms get `nil`).
    var wordClasses: [String: [Int]] = ["私": [1851, 1851], "私の": [1851, 437]]
    var failsConversion = false
    /// Fails every conversion asked with a context, as a core that cannot read it would.
    var refusesContext = false
    private(set) var calls: [String] = []
    /// The context of every call that takes one, in order.
    private(set) var contexts: [ConversionContext] = []

    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        real.processKey(key, buffer: buffer, profileID: profileID)
    }
    func cycleDakuten(_ character: String) -> DakutenResult? { real.cycleDakuten(character) }
    func profiles() -> [ProfileDescription]? { real.profiles() }

    static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            (0x3041...0x3096).contains($0.value) ? Unicode.Scalar($0.value + 0x60)! : $0
        }))
    }

    private func segment(_ reading: String) -> KanjiConversion.Segment {
        var candidates = words[reading] ?? []
        for form in [reading, Self.katakana(reading)] where !candidates.contains(form) { candidates.append(form) }
        return KanjiConversion.Segment(reading: reading, candidates: candidates, classes: candidates.map { wordClasses[$0] })
    }

    private func failure<T>(_ reading: String) -> Result<T, KanjiConversionError> {
        .failure(KanjiConversionError(message: "no dictionary is loaded (scripted)", reading: reading))
    }

    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        let reading = request.reading
        calls.append("convert \(reading) \(request.fixedSegmentLengths)")
        contexts.append(request.context)
        if failsConversion || (refusesContext && request.context != .none) { return failure(reading) }
        let scalars = Array(reading.unicodeScalars)
        var segments: [KanjiConversion.Segment] = []
        var start = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        for length in request.fixedSegmentLengths where start < scalars.count {
            let end = min(start + length, scalars.count)
            segments.append(segment(text(start..<end)))
            start = end
        }
        while start < scalars.count {
            let end = (start + 1...scalars.count).reversed().first { words[text(start..<$0)] != nil } ?? start + 1
            segments.append(segment(text(start..<end)))
            start = end
        }
        return .success(KanjiConversion(reading: reading, segments: segments, alternatives: []))
    }

    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        let (conversion, index) = (request.conversion, request.segment)
        calls.append("resize \(index) \(request.delta)")
        if failsConversion { return failure(conversion.reading) }
        let lengths = conversion.segmentLengths
        let before = lengths[..<index].reduce(0, +)
        let total = conversion.reading.unicodeScalars.count
        let length = min(max(lengths[index] + request.delta, 1), total - before)
        var resized = ConversionRequest(conversion.reading, context: request.context)
        resized.fixedSegmentLengths = Array(lengths[..<index]) + [length]
        resized.candidates = request.candidates
        return convert(resized)
    }

    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        calls.append("candidates \(request.segment)")
        contexts.append(request.context)
        if failsConversion { return failure(request.conversion.reading) }
        let reading = request.conversion.segments[request.segment].reading
        return .success(segment(reading).candidates + (moreWords[reading] ?? []))
    }

    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        let reading = request.reading
        calls.append("predict \(reading)")
        contexts.append(request.context)
        if failsConversion { return failure(reading) }
        return .success(Array(predictionList.filter { $0.reading.hasPrefix(reading) && $0.reading != reading }.prefix(request.limit)))
    }

    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError> {
        calls.append("next words")
        contexts.append(context)
        if failsConversion { return failure("") }
        return .success(Array(nextWordList.prefix(limit)))
    }
}

/// Records what the keyboard asks the learning store; answers with `outcomes` in turn
/// (then `.saved`).
final class RecordingLearning: ConversionLearning {
    private(set) var learned: [ConversionChoice] = []
    private(set) var openedDirectories: [String] = []
    var outcomes: [LearningOutcome] = []
    func openStore(atDirectory directory: String) throws { openedDirectories.append(directory) }
    func learn(_ choice: ConversionChoice) -> LearningOutcome {
        learned.append(choice)
        return outcomes.isEmpty ? .saved : outcomes.removeFirst()
    }
}

/// Checks that the document shows exactly the controller's state: nothing marked when idle;
/// the composition marked with the cursor at its end; the conversion marked with the focused
/// segment selected; and `committed` outside the marked text.
func assertDocument(
    _ keyboard: KeyboardHarness, committed: String, file: StaticString = #filePath, line: UInt = #line
) {
    let document = keyboard.document
    let controller = keyboard.controller
    var units = document.utf16
    if let marked = document.markedRange { units.removeSubrange(marked.location..<NSMaxRange(marked)) }
    XCTAssertEqual(String(decoding: units, as: UTF16.self), committed, "committed text", file: file, line: line)
    switch controller.inputState {
    case .idle:
        XCTAssertNil(document.markedRange, "marked text while idle", file: file, line: line)
    case .composing:
        XCTAssertEqual(document.markedText, controller.composition.text, file: file, line: line)
        if let marked = document.markedRange {
            XCTAssertEqual(document.selectedRange, NSRange(location: NSMaxRange(marked), length: 0), "cursor at the end", file: file, line: line)
        }
    case .converting:
        let session = try! XCTUnwrap(controller.conversion)
        XCTAssertEqual(document.markedText, session.text, file: file, line: line)
        if let marked = document.markedRange {
            let focus = session.focusedRange
            XCTAssertEqual(document.selectedRange, NSRange(location: marked.location + focus.location, length: focus.length),
                           "the focused segment is selected", file: file, line: line)
        }
    }
}
