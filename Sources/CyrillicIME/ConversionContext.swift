/// What stands before the reading being converted (docs/FFI.md, "Conversion", `context`): the
/// segments the keyboard committed just before the cursor, or the text before the cursor. The
/// core starts the conversion from the context's last word instead of the start of a sentence
/// (so `わ` after 私 is the particle は) and never writes the context again. Swift only
/// forwards it: which words the core finds in it, and how, is the core's business.
public enum ConversionContext: Equatable, Sendable {
    /// The start of a sentence (no context): conversion as without one.
    case none
    /// What the keyboard committed just before the cursor, oldest first, as the core gave it.
    case history([CommittedSegment])
    /// The text before the cursor (`documentContextBeforeInput`); the core reads its last words.
    case text(String)

    /// Most segments sent: the core reads the last ones only.
    public static let maximumSegments = 8
    /// Most characters of `text` sent, from its end. The core keeps a shorter tail of its own;
    /// this only keeps a long document from making the request too large to send (the core
    /// refuses requests over 64 KiB), so a long context is cut, never an error.
    public static let maximumTextCharacters = 256

    /// The request member, `nil` for `.none` (the member is then left out).
    var payload: Payload? {
        switch self {
        case .none:
            return nil
        case .history(let segments):
            guard !segments.isEmpty else { return nil }
            return Payload(segments: segments.suffix(Self.maximumSegments).map(Payload.Segment.init), text: nil)
        case .text(let text):
            guard !text.isEmpty else { return nil }
            return Payload(segments: nil, text: String(text.suffix(Self.maximumTextCharacters)))
        }
    }

    /// `{"segments": [{"reading", "text", "left_id"?, "right_id"?}…]}` or `{"text"}`.
    struct Payload: Encodable, Equatable {
        struct Segment: Encodable, Equatable {
            var reading: String
            var text: String
            var leftID: Int?
            var rightID: Int?

            enum CodingKeys: String, CodingKey {
                case reading, text
                case leftID = "left_id"
                case rightID = "right_id"
            }

            init(_ segment: CommittedSegment) {
                reading = segment.reading
                text = segment.text
                // Class ids are never negative: such a pair is left out (the core then looks
                // the text up) rather than costing the conversion an error.
                if let left = segment.leftID, let right = segment.rightID, left >= 0, right >= 0 {
                    leftID = left
                    rightID = right
                }
            }
        }

        var segments: [Segment]?
        var text: String?
    }
}

/// One segment committed just before the cursor: its reading, the text committed for it, and
/// the word classes of that text as the conversion gave them (`KanjiConversion.Segment.classes`).
/// Without the classes (a prediction, kana committed as typed, a learned text) the core looks
/// the text up by its surface.
public struct CommittedSegment: Equatable, Sendable {
    public var reading: String
    public var text: String
    /// The left word class of the text's first word, when known.
    public var leftID: Int?
    /// The right word class of the text's last word, when known.
    public var rightID: Int?

    public init(reading: String, text: String, leftID: Int? = nil, rightID: Int? = nil) {
        self.reading = reading
        self.text = text
        self.leftID = leftID
        self.rightID = rightID
    }

    /// Segment `index` of `conversion` committed as its candidate `candidate`, with that
    /// candidate's classes when the core gave them.
    public init(_ conversion: KanjiConversion, segment index: Int, candidate: Int) {
        let segment = conversion.segments[index]
        let classes = segment.classes(ofCandidate: candidate)
        self.init(
            reading: segment.reading,
            text: segment.candidates.indices.contains(candidate) ? segment.candidates[candidate] : segment.reading,
            leftID: classes?.left, rightID: classes?.right)
    }
}
