/// Reads a subcommand's arguments one at a time; every subcommand parses its flags with it,
/// so a flag missing its value is reported the same way everywhere.
struct ArgumentReader {
    private var rest: ArraySlice<String>

    init(_ arguments: ArraySlice<String>) {
        rest = arguments
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> String? {
        rest.popFirst()
    }

    /// The value that must follow `flag`.
    mutating func value(for flag: String) throws(CommandError) -> String {
        guard let value = rest.popFirst() else { throw CommandError(code: .usage, message: "\(flag) needs a value") }
        return value
    }

    /// Everything not read yet (after `--`).
    mutating func remaining() -> [String] {
        defer { rest = [] }
        return Array(rest)
    }
}
