import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The context through the Swift API (docs/FFI.md, "Conversion", `context`): what the requests
/// carry, the classes the answers give, and — on the compiled dictionary
/// (`compiledDictionaryPath()`) — what the core makes of a context: from the history, from the
/// text before the cursor, none, and garbage.
final class ConversionContextRequestTests: XCTestCase {
    private func object(_ request: some Encodable) throws -> [String: Any] {
        let json = ConversionRequestBody.json(request)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
    }

    private func context(of request: some Encodable) throws -> [String: Any]? {
        try object(request)["context"] as? [String: Any]
    }

    func testARequestWithoutAContextIsWhatItWasBefore() throws {
        for context in [ConversionContext.none, .history([]), .text("")] {
            let request = ConversionRequestBody.Predict(reading: "わ", limit: 9, context: context.payload)
            XCTAssertEqual(Set(try object(request).keys), ["reading", "limit"], "\(context)")
        }
        let convert = ConversionRequest("わ").body
        XCTAssertEqual(Set(try object(convert).keys), ["reading", "fixed", "candidates", "alternatives", "heard"])
    }

    func testTheHistoryGoesAsSegmentsWithTheirClasses() throws {
        let history = ConversionContext.history([
            CommittedSegment(reading: "わたし", text: "私", leftID: 1851, rightID: 1852),
            CommittedSegment(reading: "は", text: "は"),
        ])
        let request = ResizeRequest(segment: 0, of: .unconverted("がくせい"), by: 1, context: history).body
        let segments = try XCTUnwrap(try context(of: request)?["segments"] as? [[String: Any]])
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments[0]["reading"] as? String, "わたし")
        XCTAssertEqual(segments[0]["text"] as? String, "私")
        XCTAssertEqual(segments[0]["left_id"] as? Int, 1851)
        XCTAssertEqual(segments[0]["right_id"] as? Int, 1852)
        XCTAssertEqual(Set(segments[1].keys), ["reading", "text"], "no classes: left out, the core looks the text up")
        let negative = ConversionContext.history([CommittedSegment(reading: "わ", text: "輪", leftID: -1, rightID: 3)])
        XCTAssertNil(negative.payload?.segments?.first?.leftID, "ids that cannot be classes are left out")
        XCTAssertNil(negative.payload?.segments?.first?.rightID)
        XCTAssertNil(try context(of: request)?["text"])
    }

    func testTheTextGoesAsItsEndAndALongHistoryAsItsLastSegments() throws {
        let long = String(repeating: "あ", count: 10_000) + "東京"
        let request = SegmentCandidatesRequest(segment: 0, of: .unconverted("へ"), context: .text(long)).body
        let text = try XCTUnwrap(try context(of: request)?["text"] as? String)
        XCTAssertEqual(text.count, ConversionContext.maximumTextCharacters)
        XCTAssertTrue(text.hasSuffix("あ東京"), "the end of the text is what stands before the cursor")

        let many = (0..<20).map { CommittedSegment(reading: "か", text: "\($0)") }
        let segments = try XCTUnwrap(ConversionContext.history(many).payload?.segments)
        XCTAssertEqual(segments.map(\.text), (12..<20).map { "\($0)" })
    }

    func testLearningCarriesTheContext() throws {
        let request = UserStoreRequest.Learn(
            reading: "は", segments: [.init(reading: "は", text: "は")],
            context: ConversionContext.history([CommittedSegment(reading: "わたし", text: "私")]).payload)
        let segments = try XCTUnwrap(try context(of: request)?["segments"] as? [[String: Any]])
        XCTAssertEqual(segments.first?["text"] as? String, "私")
        let without = UserStoreRequest.Learn(reading: "は", segments: [.init(reading: "は", text: "は")], context: nil)
        XCTAssertEqual(Set(try object(without).keys), ["reading", "segments"])
    }

    func testWordsBecomeBoundariesInTheirJoinedReading() {
        XCTAssertEqual(ConversionRequest.boundaries(between: ["わたし", "は", "がくせい", "です"]), [3, 4, 8])
        XCTAssertEqual(ConversionRequest.boundaries(between: ["", "わたし", "", "は", ""]), [3])
        XCTAssertEqual(ConversionRequest.boundaries(between: ["わたし"]), [])
        XCTAssertEqual(ConversionRequest.boundaries(between: []), [])
    }

    func testEachCandidatesClassesAreDecoded() throws {
        let json = #"{"reading":"わたしは","segments":[{"reading":"わたしは","candidates":["私は","わたしは","ワタシハ"],"classes":[[1851,437],null,[7]]}],"alternatives":[]}"#
        let conversion = try ConversionAnswer.decode(KanjiConversion.self, from: json, reading: "わたしは").get()
        let segment = try XCTUnwrap(conversion.segments.first)
        XCTAssertEqual(segment.classes, [[1851, 437], nil, [7]])
        XCTAssertEqual(segment.classes(ofCandidate: 0)?.left, 1851)
        XCTAssertEqual(segment.classes(ofCandidate: 0)?.right, 437)
        XCTAssertNil(segment.classes(ofCandidate: 1), "no dictionary path")
        XCTAssertNil(segment.classes(ofCandidate: 2), "not a pair")
        XCTAssertNil(segment.classes(ofCandidate: 3), "no such candidate")
        XCTAssertEqual(CommittedSegment(conversion, segment: 0, candidate: 0),
                       CommittedSegment(reading: "わたしは", text: "私は", leftID: 1851, rightID: 437))
        XCTAssertEqual(CommittedSegment(conversion, segment: 0, candidate: 2),
                       CommittedSegment(reading: "わたしは", text: "ワタシハ"))

        let older = #"{"reading":"わ","segments":[{"reading":"わ","candidates":["わ"]}],"alternatives":[]}"#
        XCTAssertEqual(try ConversionAnswer.decode(KanjiConversion.self, from: older, reading: "わ").get().segments.first?.classes, [],
                       "an answer without classes still decodes")
    }

    func testExtendingASegmentKeepsItsClassesAligned() {
        let conversion = KanjiConversion(reading: "かみ", segments: [
            KanjiConversion.Segment(reading: "かみ", candidates: ["紙", "神", "かみ"], classes: [[1, 2], [3, 4], nil]),
        ], alternatives: [])
        var session = ConversionSession(conversion: conversion)
        session.extendFocusedCandidates(["髪", "紙", "上"])
        XCTAssertEqual(session.segments[0].candidates, ["紙", "神", "かみ", "髪", "上"])
        XCTAssertEqual(session.segments[0].classes, [[1, 2], [3, 4], nil, nil, nil])
        session.choose(1)
        XCTAssertEqual(session.committedSegments, [CommittedSegment(reading: "かみ", text: "神", leftID: 3, rightID: 4)])
        session.choose(3)
        XCTAssertEqual(session.committedSegments, [CommittedSegment(reading: "かみ", text: "髪")])
    }
}

/// What the core makes of a context, on the real dictionary.
final class ConversionContextCoreTests: XCTestCase {
    private let engine = RustCoreEngine.shared

    override func setUpWithError() throws {
        try loadBundledEngineAndDictionary()
    }

    /// 私 as the keyboard commits it: the core's first candidate for わたし, with its classes.
    private func committed私() throws -> CommittedSegment {
        let conversion = try engine.convert(ConversionRequest("わたし")).get()
        XCTAssertEqual(conversion.segments.first?.candidates.first, "私")
        return CommittedSegment(conversion, segment: 0, candidate: 0)
    }

    func testEveryCandidateHasItsClassesOrNone() throws {
        let conversion = try engine.convert(ConversionRequest("わたしのなまえ")).get()
        for segment in conversion.segments {
            XCTAssertEqual(segment.classes.count, segment.candidates.count, segment.reading)
            XCTAssertNotNil(segment.classes(ofCandidate: 0), "the best candidate has a dictionary path")
        }
        XCTAssertNotNil(try committed私().leftID)
    }

    func testAParticleAsHeardAfterTheHistory() throws {
        let history = ConversionContext.history([try committed私()])
        let after = try engine.convert(ConversionRequest("わ", context: history)).get()
        XCTAssertEqual(after.bestText, "は", "わ after 私 is the particle")
        XCTAssertEqual(after.reading, "わ", "the context is not written again")
        XCTAssertEqual(try engine.convert(ConversionRequest("お", context: .history([CommittedSegment(reading: "ほん", text: "本")]))).get().bestText, "を")
        XCTAssertNotEqual(try engine.convert(ConversionRequest("わ")).get().bestText, "は", "at the start of a sentence it is not")
    }

    func testAContextFromTheTextBeforeTheCursor() throws {
        XCTAssertEqual(try engine.convert(ConversionRequest("わ", context: .text("私"))).get().bestText, "は")
        XCTAssertEqual(try engine.convert(ConversionRequest("え", context: .text("明日は東京"))).get().bestText, "へ")
        XCTAssertEqual(try engine.convert(ConversionRequest("お", context: .text("ご飯"))).get().bestText, "を")
    }

    func testGarbageOrAnEndedSentenceIsTheStartOfASentence() throws {
        let alone = try engine.convert(ConversionRequest("わ")).get()
        for garbage in ["😀", "hello", "\u{0}\u{1}", "私。", "私\n", String(repeating: "🇯🇵", count: 40)] {
            XCTAssertEqual(try engine.convert(ConversionRequest("わ", context: .text(garbage))).get(), alone, "context \(garbage.debugDescription)")
        }
        let unknown = CommittedSegment(reading: "ぬ", text: "ZZZ", leftID: -5, rightID: 9_999_999)
        XCTAssertEqual(try engine.convert(ConversionRequest("わ", context: .history([unknown]))).get(), alone, "impossible classes, unknown text")
        let outOfRange = CommittedSegment(reading: "ぬ", text: "ZZZ", leftID: 9_999_998, rightID: 9_999_999)
        XCTAssertEqual(try engine.convert(ConversionRequest("わ", context: .history([outOfRange]))).get(), alone, "classes out of range, unknown text")
    }

    func testALongContextIsCutNeverAnError() throws {
        let long = String(repeating: "長い文章です。", count: 20_000) + "私"
        XCTAssertEqual(try engine.convert(ConversionRequest("わ", context: .text(long))).get().bestText, "は")
        XCTAssertEqual(try engine.predictions(for: "わ", context: .text(long)).get().isEmpty, false)
    }

    func testResizeAndMoreCandidatesTakeTheContext() throws {
        let history = ConversionContext.history([try committed私()])
        let conversion = try engine.convert(ConversionRequest("わがくせい", context: history)).get()
        XCTAssertEqual(conversion.segments.first?.candidates.first, "は")
        let resized = try engine.resizeSegment(ResizeRequest(segment: 0, of: conversion, by: 0, context: history)).get()
        XCTAssertEqual(resized.bestText, conversion.bestText)
        let more = try engine.candidates(SegmentCandidatesRequest(segment: 0, of: conversion, limit: 30, context: history)).get()
        XCTAssertEqual(more.first, "は")
    }

    func testNextWordsFollowAKnownContextOnly() throws {
        let next = try engine.nextWords(after: .history([try committed私()]), limit: 9).get()
        XCTAssertFalse(next.isEmpty, "words follow 私")
        XCTAssertLessThanOrEqual(next.count, 9)
        XCTAssertEqual(try engine.nextWords(after: .none).get(), [])
        XCTAssertEqual(try engine.nextWords(after: .text("😀")).get(), [], "nothing known: nothing follows")
    }

    func testWordsTypedApartConvertAsOneSentence() throws {
        let conversion = try engine.convert(ConversionRequest(words: ["わたし", "わ", "がくせい", "です"])).get()
        XCTAssertEqual(conversion.reading, "わたしわがくせいです")
        XCTAssertEqual(conversion.bestText, "私は学生です")
    }

    func testLearningTakesTheContext() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("context-store-\(UUID())")
        defer {
            engine.closeUserStore()
            try? FileManager.default.removeItem(at: directory)
        }
        try engine.openUserStore(atDirectory: directory.path)
        let history = ConversionContext.history([try committed私()])
        XCTAssertNoThrow(try engine.learn(
            reading: "かみ", segments: [.init(reading: "かみ", text: "髪")], context: history).get())
        XCTAssertEqual(try engine.convert(ConversionRequest("かみ", context: history)).get().bestText, "髪", "learned after 私")
    }
}
