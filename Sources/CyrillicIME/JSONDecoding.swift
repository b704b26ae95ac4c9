import Foundation

/// Decoding of the core's JSON answers.
enum JSONDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}

/// An answer of the conversion and user-store exports: the result, or `{"error", "reading"?}`.
enum CoreAnswer {
    /// Why there is no result: the core's message, and the reading it gave back, if any.
    struct Failure: Error, Decodable {
        var error: String
        var reading: String?
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: String?) -> Result<T, Failure> {
        guard let json else { return .failure(Failure(error: "the Rust core returned no result")) }
        if let failure = try? JSONDecoding.decode(Failure.self, from: json) { return .failure(failure) }
        do {
            return .success(try JSONDecoding.decode(T.self, from: json))
        } catch {
            return .failure(Failure(error: "unreadable answer from the Rust core: \(error)"))
        }
    }
}

/// Decodes `rust_process_key` answers. This runs on every keystroke, so the fixed shape
/// the core writes — `{"output":…,"buffer":…,"action":…}` plus an optional `"error"` — is
/// read by a small scanner (Foundation's JSONDecoder cost ~2.4 µs per key, see
/// docs/PERFORMANCE.md). Anything else goes through JSONDecoder, so a differently
/// ordered or extended object still decodes; a malformed one is treated like no answer.
enum ConversionResultDecoder {
    static func decode(_ json: String) -> ConversionResult? {
        if let result = decodeFixedShape(json) { return result }
        return try? JSONDecoding.decode(ConversionResult.self, from: json)
    }

    static func decodeFixedShape(_ json: String) -> ConversionResult? {
        var scanner = Scanner(json.utf8)
        guard scanner.expect(#"{"output":"#), let output = scanner.string(),
              scanner.expect(#","buffer":"#), let buffer = scanner.string(),
              scanner.expect(#","action":"#), let actionName = scanner.string(),
              let action = ConversionResult.Action(rawValue: actionName)
        else { return nil }
        var error: String?
        if scanner.expect(#","error":"#) {
            guard let message = scanner.string() else { return nil }
            error = message
        }
        guard scanner.expect("}"), scanner.atEnd else { return nil }
        return ConversionResult(output: output, buffer: buffer, action: action, error: error)
    }

    /// Reads JSON strings and fixed punctuation from UTF-8.
    private struct Scanner {
        let bytes: String.UTF8View
        var index: String.UTF8View.Index

        init(_ bytes: String.UTF8View) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool { index == bytes.endIndex }

        mutating func expect(_ literal: StaticString) -> Bool {
            var probe = index
            var matched = true
            literal.withUTF8Buffer { expected in
                for byte in expected {
                    guard probe != bytes.endIndex, bytes[probe] == byte else { matched = false; return }
                    bytes.formIndex(after: &probe)
                }
            }
            if matched { index = probe }
            return matched
        }

        /// A JSON string literal starting at the current quote.
        mutating func string() -> String? {
            guard index != bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
            bytes.formIndex(after: &index)
            let start = index
            // Fast path: no escapes, the bytes are the string.
            while index != bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(Substring(bytes[start..<index]))
                    bytes.formIndex(after: &index)
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                bytes.formIndex(after: &index)
            }
            // Slow path: copy what was scanned, then unescape the rest.
            var scalars = String(Substring(bytes[start..<index])).unicodeScalars
            var pendingHighSurrogate: UInt32?
            while index != bytes.endIndex {
                let byte = bytes[index]
                bytes.formIndex(after: &index)
                if byte == UInt8(ascii: "\"") {
                    return pendingHighSurrogate == nil ? String(scalars) : nil
                }
                guard byte == UInt8(ascii: "\\") else {
                    // Copy one whole UTF-8 sequence.
                    let sequenceStart = bytes.index(before: index)
                    while index != bytes.endIndex, bytes[index] & 0xC0 == 0x80 { bytes.formIndex(after: &index) }
                    scalars.append(contentsOf: String(Substring(bytes[sequenceStart..<index])).unicodeScalars)
                    continue
                }
                guard index != bytes.endIndex else { return nil }
                let escape = bytes[index]
                bytes.formIndex(after: &index)
                let simple: Unicode.Scalar?
                switch escape {
                case UInt8(ascii: "\""): simple = "\""
                case UInt8(ascii: "\\"): simple = "\\"
                case UInt8(ascii: "/"): simple = "/"
                case UInt8(ascii: "n"): simple = "\n"
                case UInt8(ascii: "r"): simple = "\r"
                case UInt8(ascii: "t"): simple = "\t"
                case UInt8(ascii: "b"): simple = "\u{8}"
                case UInt8(ascii: "f"): simple = "\u{c}"
                case UInt8(ascii: "u"): simple = nil
                default: return nil
                }
                if let simple {
                    guard pendingHighSurrogate == nil else { return nil }
                    scalars.append(simple)
                    continue
                }
                guard let code = hex4() else { return nil }
                if let high = pendingHighSurrogate {
                    guard (0xDC00..<0xE000).contains(code),
                          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
                    else { return nil }
                    scalars.append(scalar)
                    pendingHighSurrogate = nil
                } else if (0xD800..<0xDC00).contains(code) {
                    pendingHighSurrogate = code
                } else {
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index != bytes.endIndex, let digit = hexValue(bytes[index]) else { return nil }
                value = value << 4 | digit
                bytes.formIndex(after: &index)
            }
            return value
        }

        private func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
    }
}
