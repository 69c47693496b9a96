/// Renders help text in the shape users know from swift-argument-parser: `OVERVIEW:`,
/// `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`.
enum HelpFormatter {
    static let column = 26

    static func subcommandHelp(_ spec: CommandSpec, program: String) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)", ""]
        if let discussion = spec.discussion {
            lines += [discussion, ""]
        }
        lines += ["USAGE: \(program) \(spec.usage)", ""]
        if !spec.arguments.isEmpty {
            lines.append("ARGUMENTS:")
            lines += spec.arguments.map { row($0.name, $0.help) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        lines += (spec.options + [CommandSpec.helpOption]).map { row(label(of: $0), $0.help) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(of option: CommandSpec.Option) -> String {
        var text = option.short.map { "\($0), " } ?? ""
        text += option.name
        if let valueName = option.valueName { text += " \(valueName)" }
        return text
    }

    static func row(_ label: String, _ help: String) -> String {
        let indent = "  " + label
        let padding = indent.count < column ? String(repeating: " ", count: column - indent.count) : "\n" + String(repeating: " ", count: column)
        return indent + padding + help
    }
}
