import Foundation

/// A kana→kanji conversion as the core returns it (`rust_convert`, `rust_resize_segment`):
/// the reading split into segments (文節), each with its candidates best first. The
/// core decides everything; this type only carries it. See docs/FFI.md, "Conversion".
public struct KanjiConversion: Decodable, Equatable, Sendable {
    public struct Segment: Decodable, Equatable, Sendable {
        /// The part of the reading this segment covers.
        public var reading: String
        /// Candidates, best first. The reading in hiragana and in katakana are always among them.
        public var candidates: [String]
        /// The word classes of each candidate, parallel to `candidates`: `[left_id, right_id]`
        /// (the left class of its first word, the right class of its last), or `nil` for a
        /// candidate with no dictionary path (the reading's own forms, a learned text). Empty
        /// when the core did not give them. What the keyboard passes back as context after a
        /// commit (`CommittedSegment`).
        public var classes: [[Int]?]

        public init(reading: String, candidates: [String], classes: [[Int]?] = []) {
            self.reading = reading
            self.candidates = candidates
            self.classes = classes
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            reading = try container.decode(String.self, forKey: .reading)
            candidates = try container.decode([String].self, forKey: .candidates)
            classes = try container.decodeIfPresent([[Int]?].self, forKey: .classes) ?? []
        }

        private enum CodingKeys: String, CodingKey {
            case reading, candidates, classes
        }

        /// The classes of candidate `index`, when the core gave a well-formed pair for it.
        public func classes(ofCandidate index: Int) -> (left: Int, right: Int)? {
            guard classes.indices.contains(index), let pair = classes[index], pair.count == 2 else { return nil }
            return (pair[0], pair[1])
        }
    }

    public var reading: String
    public var segments: [Segment]
    /// The best whole-reading conversions (as many as were asked for).
    public var alternatives: [String]

    public init(reading: String, segments: [Segment], alternatives: [String]) {
        self.reading = reading
        self.segments = segments
        self.alternatives = alternatives
    }

    /// Every segment's first candidate, joined: what the keyboard shows after a convert.
    public var bestText: String { segments.map { $0.candidates.first ?? $0.reading }.joined() }

    /// Segment lengths in Unicode scalars, as the core counts them in requests.
    public var segmentLengths: [Int] { segments.map { $0.reading.unicodeScalars.count } }

    /// The conversion that loses nothing when the core cannot convert: the reading as one
    /// segment whose only candidate is the reading itself.
    public static func unconverted(_ reading: String) -> KanjiConversion {
        KanjiConversion(
            reading: reading,
            segments: reading.isEmpty ? [] : [Segment(reading: reading, candidates: [reading])],
            alternatives: [])
    }
}

/// Why the core could not convert; `reading` is what to commit instead.
public struct KanjiConversionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var reading: String
    public var description: String { message }
}

/// One prediction while composing (`rust_predict`).
public struct KanjiPrediction: Decodable, Equatable, Sendable {
    public var text: String
    /// The whole reading of the predicted word.
    public var reading: String
}

/// The loaded dictionary (`rust_dictionary_info`, `rust_load_dictionary`).
public struct DictionaryInfo: Decodable, Equatable, Sendable {
    public var path: String
    public var bytes: Int
    public var entries: Int
    public var keys: Int
    /// Whether the file is memory-mapped (clean pages, not charged to the extension).
    public var mapped: Bool
    /// The header's checksum of the contents (16 hex digits): names this build exactly.
    public var checksum: String?
    /// `source`, `version`, `license`, … as the compiler recorded them.
    public var metadata: [String: String]
}

/// Why a dictionary could not be loaded, naming the file and the problem.
public struct DictionaryLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The JSON bodies of the conversion requests, as the core reads them (written here, read only
/// by the core; the public request values make them). Optional members that are `nil` are left
/// out, so a request without a context or typed words is exactly what it was before.
enum ConversionRequestBody {
    struct Convert: Encodable {
        var reading: String
        var fixed: [Int]
        var candidates: Int
        var alternatives: Int
        var heard: Bool
        var boundaries: [Int]?
        var context: ConversionContext.Payload?
        var typed: TypedWords.Payload?
        var clock: LocalClock.Payload?
        var emoji: Bool?
    }

    struct Resize: Encodable {
        var reading: String
        var segments: [Int]
        var index: Int
        var delta: Int
        var candidates: Int
        var alternatives: Int
        var context: ConversionContext.Payload?
        var boundaries: [Int]?
        var typed: TypedWords.Payload?
        var clock: LocalClock.Payload?
        var emoji: Bool?
    }

    struct SegmentCandidates: Encodable {
        var reading: String
        var segments: [Int]
        var index: Int
        var limit: Int
        var context: ConversionContext.Payload?
        var boundaries: [Int]?
        var typed: TypedWords.Payload?
        var clock: LocalClock.Payload?
        var emoji: Bool?
    }

    struct Predict: Encodable {
        var reading: String
        var limit: Int
        var context: ConversionContext.Payload?
        var typed: TypedWords.Payload?
    }

    static func json(_ request: some Encodable) -> String {
        // Encoding these plain structs cannot fail; an empty object would be refused by
        // the core with a clear error anyway.
        (try? String(decoding: JSONEncoder().encode(request), as: UTF8.self)) ?? "{}"
    }
}

/// Decodes the core's conversion answers: a result, or `{"error", "reading"}`.
enum ConversionAnswer {
    private struct CandidateList: Decodable {
        var candidates: [String]
    }

    private struct PredictionList: Decodable {
        var predictions: [KanjiPrediction]
    }

    /// The result, or an error carrying the reading to commit (the core's, else `reading`).
    static func decode<T: Decodable>(_ type: T.Type, from json: String?, reading: String) -> Result<T, KanjiConversionError> {
        CoreAnswer.decode(type, from: json).mapError { KanjiConversionError(message: $0.error, reading: $0.reading ?? reading) }
    }

    static func candidates(from json: String?, reading: String) -> Result<[String], KanjiConversionError> {
        decode(CandidateList.self, from: json, reading: reading).map(\.candidates)
    }

    static func predictions(from json: String?, reading: String) -> Result<[KanjiPrediction], KanjiConversionError> {
        decode(PredictionList.self, from: json, reading: reading).map(\.predictions)
    }
}
