/// Prints a ``CommandSpec`` as swift-argument-parser prints help.
///
/// Sections `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:` (or the
/// spec's ``CommandSpec/optionSections``) and `SUBCOMMANDS:`; labels are indented by two spaces and help starts at
/// column 26 (on the next line when the label is longer); lines wrap at 80
/// columns.
public enum HelpFormatter {
  static let helpColumn = 26
  static let width = 80

  /// The full help text, ending in a newline.
  /// - Parameter spec: the command.
  /// - Returns: the help text.
  public static func help(for spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.overview)\n\n"
    text += "USAGE: \(spec.usage)\n"
    if !spec.subcommands.isEmpty {
      text += "       \(spec.name) <subcommand>\n"
    }
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments {
        text += entry("<\(argument.name)>", argument.help)
      }
    }
    let sections =
      spec.optionSections.isEmpty
      ? [OptionSection("OPTIONS", optionNames: spec.options.map(\.name))] : spec.optionSections
    for (index, section) in sections.enumerated() {
      text += "\n\(section.title):\n"
      let options = section.optionNames.compactMap { spec.option(named: $0) }
      for option in options + (index == 0 ? [CommandSpec.helpOption] : []) {
        text += entry(option.label, option.help)
      }
    }
    if !spec.subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for subcommand in spec.subcommands {
        text += entry(subcommand.name, subcommand.abstract)
      }
    }
    return text
  }

  /// One labelled entry: the label, then its help wrapped at 80 columns.
  static func entry(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    var lines: [String] = []
    var line = "  " + label
    if line.count >= helpColumn - 1 {
      lines.append(line)
      line = indent
    } else {
      line += String(repeating: " ", count: helpColumn - line.count)
    }
    var lineHasWords = false
    for word in help.split(separator: " ") {
      if lineHasWords && line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }
}
