import Foundation

/// The open user store (`rust_open_user_store`).
public struct UserStoreInfo: Decodable, Equatable, Sendable {
    public var directory: String
    /// False when the place cannot be written: learning then lasts until the keyboard closes.
    public var persistent: Bool
    /// Learned entries and the writer's words in the store.
    public var learned: Int
    public var words: Int
    /// Files set aside as damaged, leftovers removed, an unwritable place: fit to show.
    public var warnings: [String]
}

/// A word of the writer's own.
public struct UserWord: Decodable, Equatable, Sendable {
    public var reading: String
    public var text: String
    /// Its word class, by the core's name (`noun`, `place`, `surname`…; docs/LEARNING.md,
    /// "Word classes"): the core keeps the list and checks the name, this side forwards it.
    public var wordClass: String

    public init(reading: String, text: String, wordClass: String = UserWord.defaultClass) {
        self.reading = reading
        self.text = text
        self.wordClass = wordClass
    }

    /// The class of a word registered without one: a common noun.
    public static let defaultClass = "noun"

    enum CodingKeys: String, CodingKey {
        case reading, text
        case wordClass = "class"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reading = try container.decode(String.self, forKey: .reading)
        text = try container.decode(String.self, forKey: .text)
        // A core from before word classes answers without one: its words are nouns.
        wordClass = try container.decodeIfPresent(String.self, forKey: .wordClass) ?? UserWord.defaultClass
    }
}

/// Whether a change reached the disk. The core makes every change in memory first, so an
/// unsaved change still counts for this session; `warnings` say why it was not saved
/// (the place removed, the file's place taken, another process holding the lock too long).
public struct StoreSave: Decodable, Equatable, Sendable {
    public var saved: Bool
    public var warnings: [String]

    public init(saved: Bool, warnings: [String] = []) {
        self.saved = saved
        self.warnings = warnings
    }

    /// In words, fit to show a writer: why the change lasts only until the keyboard closes.
    public var problem: String? {
        saved ? nil : (warnings.isEmpty ? "the change was not saved" : warnings.joined(separator: "; "))
    }
}

/// A change to the user store: what it answered, and whether it was saved.
public struct UserStoreChange<Value: Sendable>: Sendable {
    public var value: Value
    public var save: StoreSave
}

extension UserStoreChange: Equatable where Value: Equatable {}

/// Why a user-store call failed, naming the field or the file.
public struct UserStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The requests the core reads (written here, read only by the core).
public enum UserStoreRequest {
    public struct Segment: Encodable, Equatable, Sendable {
        public var reading: String
        public var text: String
        public init(reading: String, text: String) {
            self.reading = reading
            self.text = text
        }
    }

    struct Learn: Encodable {
        var reading: String
        var segments: [Segment]
        var context: ConversionContext.Payload?
    }

    struct Words: Encodable {
        var action: String
        var reading: String?
        var text: String?
        var wordClass: String?

        enum CodingKeys: String, CodingKey {
            case action, reading, text
            case wordClass = "class"
        }
    }

    struct Forget: Encodable {
        var all: Bool?
        var words: Bool?
        var reading: String?
        var text: String?
    }

    static func json(_ request: some Encodable) -> String {
        (try? String(decoding: JSONEncoder().encode(request), as: UTF8.self)) ?? "{}"
    }
}

/// Decodes the core's user-store answers: a result, or `{"error"}`.
enum UserStoreAnswer {
    struct WordList: Decodable {
        var words: [UserWord]
        var saved: Bool
        var warnings: [String]
    }
    struct Forgotten: Decodable {
        var forgotten: Int
        var saved: Bool
        var warnings: [String]
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: String?) throws(UserStoreError) -> T {
        try CoreAnswer.decode(type, from: json).mapError { UserStoreError(message: $0.error) }.get()
    }
}
