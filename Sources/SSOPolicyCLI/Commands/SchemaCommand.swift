import ArgumentParser
import SSOPolicy

struct SchemaCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema (draft 2020-12) for policy, scenario and suite files, for editor validation.",
        discussion: """
            Generated from the registered providers' declarations (settings, allowed values, per-app keys, facts, \
            events, step conditions, findings), the same ones 'check' validates against. Without a kind, one schema \
            covers all three files, choosing by the top-level key ('suite:', 'scenario:', else a policy).

            In VS Code with the YAML extension, add to settings.json:
              "yaml.schemas": { "./schema/ssopolicy.schema.json": ["Policies/**/*.yaml"] }
            or put this first line in a file:
              # yaml-language-server: $schema=../../schema/ssopolicy.schema.json

            Examples:
              ssopolicy schema > ssopolicy.schema.json
              ssopolicy schema policy
              ssopolicy schema --output schema/ssopolicy.schema.json
            """)

    @Argument(help: "Only this kind of file: policy, scenario or suite (default: all three).")
    var kind: JSONSchemaGenerator.Kind?

    @Option(name: .long, help: "Write the schema to this file instead of standard output.")
    var output: String?

    func run(in context: CLIContext) throws -> Int32 {
        let text = JSONSchemaGenerator(registry: context.registry).schema(for: kind).serialized() + "\n"
        guard let output else {
            context.write(text)
            return 0
        }
        do { try OutputFile(output).write(text) } catch {
            context.writeError(error.description + "\n")
            return 1
        }
        context.write("wrote \(output)\n")
        return 0
    }
}

extension JSONSchemaGenerator.Kind: ExpressibleByArgument {}
