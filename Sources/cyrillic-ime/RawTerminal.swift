#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The terminal state before raw mode, for the signal handler to restore.
nonisolated(unsafe) private var savedTerminalState: termios?

/// Restores the terminal and leaves the alternate screen; safe to call from a signal handler.
private func restoreTerminal() {
    guard var state = savedTerminalState else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &state)
    let leave = "\u{1B}[?1049l\u{1B}[?25h"
    _ = leave.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
}

/// read(2) of one byte; outside `RawTerminal`, whose own `read()` would shadow it.
private func readStandardInput(_ byte: inout UInt8) -> Int {
    read(STDIN_FILENO, &byte, 1)
}

/// One thing typed at the terminal.
enum TerminalInput: Equatable {
    case text(Character)
    /// A control key, by its ASCII code (3 for Ctrl-C).
    case control(UInt8)
    case arrowLeft, arrowRight, arrowUp, arrowDown
    /// Shift+← and Shift+→ (`ESC [1;2D`, `ESC [1;2C`).
    case shiftArrowLeft, shiftArrowRight
    case endOfInput
}

/// The terminal in raw mode (no echo, no line editing, every byte as typed), on the
/// alternate screen, restored on `restore()`, at exit and on SIGTERM/SIGHUP.
final class RawTerminal {
    init() throws(CommandError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError(code: .usage, message: "type needs a terminal (standard input and output must be a tty)")
        }
        var state = termios()
        guard tcgetattr(STDIN_FILENO, &state) == 0 else {
            throw CommandError(code: .noInput, message: "cannot read the terminal settings")
        }
        savedTerminalState = state
        var raw = state
        cfmakeraw(&raw)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        for sig in [SIGTERM, SIGHUP] {
            signal(sig) { number in
                restoreTerminal()
                _exit(128 + number)
            }
        }
        atexit { restoreTerminal() }
        write("\u{1B}[?1049h")
    }

    func restore() {
        restoreTerminal()
        savedTerminalState = nil
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Waits for the next key.
    func read() -> TerminalInput {
        guard let first = readByte() else { return .endOfInput }
        switch first {
        case 0x1B: return readEscapeSequence()
        case 0x7F: return .control(0x08)  // the backspace key sends DEL
        case 0x00..<0x20: return .control(first)
        case 0x20..<0x80: return .text(Character(UnicodeScalar(first)))
        default: return readUTF8(startingWith: first)
        }
    }

    private func readByte(timeoutMilliseconds: Int32 = -1) -> UInt8? {
        if timeoutMilliseconds >= 0 {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return nil }
        }
        var byte: UInt8 = 0
        return readStandardInput(&byte) == 1 ? byte : nil
    }

    private func readEscapeSequence() -> TerminalInput {
        // A lone Escape has nothing right behind it; an arrow key sends ESC [ C at once.
        guard let introducer = readByte(timeoutMilliseconds: 50), introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .control(0x1B)
        }
        var final: UInt8 = 0
        var parameters: [UInt8] = []
        while let byte = readByte(timeoutMilliseconds: 50) {
            final = byte
            if (0x40...0x7E).contains(byte) { break }
            parameters.append(byte)
        }
        // Modifier 2 is shift: ESC [ 1 ; 2 D.
        let shifted = parameters.last == UInt8(ascii: "2") && parameters.contains(UInt8(ascii: ";"))
        switch final {
        case UInt8(ascii: "D"): return shifted ? .shiftArrowLeft : .arrowLeft
        case UInt8(ascii: "C"): return shifted ? .shiftArrowRight : .arrowRight
        case UInt8(ascii: "A"): return .arrowUp
        case UInt8(ascii: "B"): return .arrowDown
        default: return .control(0x1B)
        }
    }

    private func readUTF8(startingWith first: UInt8) -> TerminalInput {
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        var bytes = [first]
        while bytes.count < length, let next = readByte(timeoutMilliseconds: 50) {
            bytes.append(next)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.first.map(TerminalInput.text) ?? .control(0)
    }
}
