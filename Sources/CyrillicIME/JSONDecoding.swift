import Foundation

/// Decoding of the core's JSON answers.
enum JSONDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}

enum ConversionResultDecoder {
    /// Decodes a `rust_process_key` answer; a malformed one is treated like no answer.
    static func decode(_ json: String) -> ConversionResult? {
        try? JSONDecoding.decode(ConversionResult.self, from: json)
    }
}
