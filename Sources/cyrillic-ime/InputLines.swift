#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The text the conversion commands work on, and what is wrong with it: input that is not
/// UTF-8 is converted with U+FFFD in place of the bad bytes, and says so on stderr.

/// Standard input as a C stream, read a line at a time (the bytes as they are, unlike readLine).
nonisolated(unsafe) private let standardInput = fdopen(STDIN_FILENO, "r")

/// The lines to work on, numbered from 1: the arguments joined by spaces (line 1), or
/// standard input line by line (a final line without a newline included).
func forEachInputLine(_ text: [String], _ body: (String, Int) -> Void) {
    guard text.isEmpty else {
        body(text.joined(separator: " "), 1)
        return
    }
    var number = 0
    var pointer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(pointer) }
    while true {
        let length = getline(&pointer, &capacity, standardInput)
        guard length >= 0, let pointer else { break }
        number += 1
        var bytes = UnsafeRawBufferPointer(start: pointer, count: length).map { $0 }
        // As readLine did: "\n" and "\r\n" end a line.
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        body(decodeUTF8(bytes, what: "line \(number)"), number)
    }
}

/// `bytes` as text; invalid UTF-8 becomes U+FFFD, with a warning naming `what` and the byte.
func decodeUTF8(_ bytes: [UInt8], what: String) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let firstBad = firstInvalidUTF8Offset(bytes) ?? 0
    warn(line: nil, "\(what) is not valid UTF-8 (from byte \(firstBad + 1)); the invalid bytes became U+FFFD (�)")
    return String(decoding: bytes, as: UTF8.self)
}

/// Where the first invalid UTF-8 sequence of `bytes` starts.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    // Count the bytes of each decoded scalar; the error is where decoding stops.
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            offset += UTF8.width(scalar)
        case .emptyInput:
            return nil
        case .error:
            return offset
        }
    }
}

/// The arguments as the system gave them: Swift has already turned invalid UTF-8 in them
/// into U+FFFD, so the raw bytes are checked here and each bad argument is warned about.
func warnAboutInvalidUTF8Arguments() {
    for index in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[index] else { continue }
        let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw)).map { $0 }
        if String(validating: bytes, as: UTF8.self) == nil {
            _ = decodeUTF8(bytes, what: "argument \(index)")
        }
    }
}
