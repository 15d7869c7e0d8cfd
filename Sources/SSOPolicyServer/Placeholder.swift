import Hummingbird
import Logging
import SSOPolicyCLI
