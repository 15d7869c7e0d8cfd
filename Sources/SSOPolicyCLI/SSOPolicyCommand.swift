import ArgumentParser
import Foundation
@_exported import SSOPolicy
@_exported import SSOPolicyQueries

/// The `ssopolicy` command: subcommands are small types, registered here in one list.
package struct SSOPolicyCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "ssopolicy",
        abstract: "Predict prompts, sessions and risks of SSO on shared mobile devices, vendor by vendor.",
        discussion: """
            With no arguments, compares the bundled policies on the bundled shift-change scenario. Files may be \
            paths or names from the bundled library (see 'ssopolicy check --help').

            Examples:
              ssopolicy
              ssopolicy compare --scenario shift-change warehouse-airwatch frontline-entra
              ssopolicy run --scenario forgotten-sign-out frontline-entra --explain
              ssopolicy evaluate warehouse-airwatch --app timesheet --user bob --fact passcode_set=true
              ssopolicy check Policies
              ssopolicy import intune-export.json --output my-policies/
              ssopolicy list
              ssopolicy show shift-change > my-scenario.yaml
              ssopolicy replay --signins signins.csv --custody custody.csv --tz Europe/Paris
              ssopolicy serve
            """,
        version: "0.1.0",
        subcommands: [
            OverviewCommand.self, RunCommand.self, CompareCommand.self, DecideCommand.self, AdviseCommand.self,
            EvaluateCommand.self,
            MatrixCommand.self,
            GuideCommand.self,
            CheckCommand.self, TestCommand.self, SchemaCommand.self, ImportCommand.self,
            VerifyCommand.self, ReplayCommand.self,
            ProvidersCommand.self, SourcesCommand.self, GlossaryCommand.self, ListCommand.self, ShowCommand.self,
            BenchCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: OverviewCommand.self
    )

    package init() {}
}

/// Runs the command line with an explicit context: the composition root (`main.swift`) and tests call this.
package enum CommandLineTool {
    /// Parses `arguments` (without the program name), runs the command, and returns the process exit code:
    /// 0 ok, 1 invalid input or failed tests, 64 usage error. Control characters in anything written (titles,
    /// names, batch lines, echoed arguments) are escaped, so input cannot drive the terminal.
    package static func run(_ arguments: [String], context: CLIContext) -> Int32 {
        execute(arguments, context: escaping(context))
    }

    /// The executable's entry point: like `run`, and `serve` awaits the server until it stops.
    package static func main(_ arguments: [String], context: CLIContext) async -> Int32 {
        let context = escaping(context)
        if let command = try? SSOPolicyCommand.parseAsRoot(arguments), let serve = command as? ServeCommand {
            return await serve.serve(in: context)
        }
        return execute(arguments, context: context)
    }

    static func escaping(_ context: CLIContext) -> CLIContext {
        var context = context
        let write = context.write
        let writeError = context.writeError
        context.write = { write(ControlCharacterEscaping.escaped($0)) }
        context.writeError = { writeError(ControlCharacterEscaping.escaped($0)) }
        return context
    }

    static func execute(_ arguments: [String], context: CLIContext) -> Int32 {
        do {
            let command = try SSOPolicyCommand.parseAsRoot(ExplainArgument.rewrite(arguments))
            if let contextual = command as? ContextualCommand {
                return try contextual.run(in: context)
            }
            var plain = command
            try plain.run()
            return 0
        } catch let error as DiagnosticsError {
            for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
            return 1
        } catch {
            let code = SSOPolicyCommand.exitCode(for: error)
            let message = SSOPolicyCommand.fullMessage(for: error)
            if code == .success {
                context.write(message + "\n")
            } else {
                context.writeError(message + "\n")
            }
            return code.rawValue
        }
    }
}

/// `--explain all` is spelled as two words for readers; the parser sees the flag `--explain-all`. A file named
/// `all` right after `--explain` is written `./all`.
enum ExplainArgument {
    static func rewrite(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--" {
                result += arguments[index...]
                break
            }
            if arguments[index] == "--explain", index + 1 < arguments.count, arguments[index + 1] == "all" {
                result.append("--explain-all")
                index += 2
                continue
            }
            result.append(arguments[index])
            index += 1
        }
        return result
    }
}
