import Foundation

/// What each subcommand accepts, declared once: the parser reads its options from here, and
/// `--help` (the subcommand's and the top-level one) is written from here, so an option added
/// is one line in its command's spec and appears in both. cli_test.sh checks the README's
/// "Command line" section against `cyrillic-ime --help`.

/// One option of a subcommand.
struct OptionSpec {
    /// `--profile`.
    var name: String
    /// The value it takes (`ID`), or nil for a flag.
    var value: String?
    var help: String

    init(_ name: String, _ value: String? = nil, _ help: String) {
        self.name = name
        self.value = value
        self.help = help
    }

    var synopsis: String { value.map { "\(name) \($0)" } ?? name }
}

/// A rule between two options.
struct OptionRule {
    enum Kind {
        /// Never together.
        case conflicts
        /// The first only with the second.
        case requires
    }

    var kind: Kind
    var option: String
    var other: String
    /// Why, as the error says it.
    var reason: String

    static func conflicts(_ a: String, _ b: String, _ reason: String) -> OptionRule { OptionRule(kind: .conflicts, option: a, other: b, reason: reason) }
    static func requires(_ a: String, _ b: String, _ reason: String) -> OptionRule { OptionRule(kind: .requires, option: a, other: b, reason: reason) }
}

/// One subcommand: its synopsis, options, rules, examples and exit codes.
struct CommandSpec {
    var name: String
    /// What follows the options in the synopsis (`[TEXT...]`), or nil when it takes none.
    var operands: String?
    var summary: String
    /// Longer description lines for `--help`.
    var details: [String] = []
    var options: [OptionSpec]
    var rules: [OptionRule] = []
    var examples: [String]
    var exitCodes: [ExitCode]

    /// The synopsis's parts: `cyrillic-ime convert`, `[--profile ID]`, …, `[TEXT...]`.
    var synopsisParts: [String] {
        ["cyrillic-ime \(name)"] + options.map { "[\($0.synopsis)]" } + (operands.map { [$0] } ?? [])
    }

    /// The synopsis wrapped between its parts, later lines indented under the first option.
    func synopsis(first: Int, width: Int = 96) -> [String] {
        wrap(parts: synopsisParts, indent: first + "cyrillic-ime \(name) ".count, first: first, width: width)
    }

    func option(_ name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The full `--help` text.
    var help: String {
        var lines = synopsis(first: 7)
        lines[0] = "Usage:" + lines[0].dropFirst(6)
        lines.append("")
        lines += wrap(summary, indent: 2, first: 2)
        for detail in details { lines += wrap(detail, indent: 2, first: 2) }
        if !options.isEmpty {
            lines += ["", "Options:"]
            let width = min(options.map(\.synopsis.count).max() ?? 0, 24)
            for option in options {
                let head = "  " + option.synopsis.padding(toLength: max(width, option.synopsis.count), withPad: " ", startingAt: 0) + "  "
                let body = wrap(option.help, indent: 4 + width, first: 0, width: 96 - head.count)
                lines.append(head + body[0])
                lines += body.dropFirst()
            }
            lines.append("  --help".padding(toLength: width + 4, withPad: " ", startingAt: 0) + "this help")
        }
        lines += ["", "Examples:"] + examples.map { "  " + $0 }
        lines += ["", "Exit codes:"] + exitCodes.map(\.line)
        return lines.joined(separator: "\n")
    }
}

/// Splits `text` into lines of at most `width` columns; later lines indented by `indent`.
func wrap(_ text: String, indent: Int, first: Int = 0, width: Int = 96) -> [String] {
    wrap(parts: text.split(separator: " ", omittingEmptySubsequences: false).map(String.init), indent: indent, first: first, width: width)
}

/// Joins `parts` with spaces into lines of at most `width` columns, never splitting a part.
func wrap(parts: [String], indent: Int, first: Int = 0, width: Int = 96) -> [String] {
    var lines: [String] = []
    var line = String(repeating: " ", count: first)
    var lineHasWord = false
    for word in parts {
        if lineHasWord, line.count + 1 + word.count > width {
            lines.append(line)
            line = String(repeating: " ", count: indent)
            lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
    }
    lines.append(line)
    return lines
}

/// What a subcommand was given, checked against its spec.
struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var operands: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) || values[flag] != nil }
    func value(_ option: String) -> String? { values[option] }

    /// Parses `arguments` for `spec`: `--help` prints its help and exits 0; an unknown option,
    /// a missing value, an operand the command does not take, or options that conflict are
    /// usage errors naming them. `--name=value` is accepted too.
    init(_ arguments: ArraySlice<String>, spec: CommandSpec) throws(CommandError) {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            if argument == "--help" || argument == "-h" {
                print(spec.help)
                exit(ExitCode.success.rawValue)
            }
            if argument == "--" {
                operands += reader.remaining()
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                operands.append(argument)
                continue
            }
            let (name, inline) = argument.firstIndex(of: "=").map { (String(argument[..<$0]), String(argument[argument.index(after: $0)...])) }
                ?? (argument, nil)
            guard let option = spec.option(name) else {
                let known = spec.options.map(\.name).joined(separator: ", ")
                throw CommandError(code: .usage, message: "unknown option \(name) for \(spec.name)" + (known.isEmpty ? " (it takes none)" : " (its options: \(known))"))
            }
            if option.value != nil {
                if let inline {
                    values[name] = inline
                } else {
                    values[name] = try reader.value(for: name)
                }
            } else if inline != nil {
                throw CommandError(code: .usage, message: "\(name) takes no value")
            } else {
                flags.insert(name)
            }
        }
        if spec.operands == nil, let first = operands.first {
            throw CommandError(code: .usage, message: "unexpected argument \(first): \(spec.name) takes only options")
        }
        for rule in spec.rules {
            switch rule.kind {
            case .conflicts where has(rule.option) && has(rule.other):
                throw CommandError(code: .usage, message: "\(rule.option) and \(rule.other) cannot be used together: \(rule.reason)")
            case .requires where has(rule.option) && !has(rule.other):
                throw CommandError(code: .usage, message: "\(rule.option) needs \(rule.other): \(rule.reason)")
            default: break
            }
        }
    }
}
