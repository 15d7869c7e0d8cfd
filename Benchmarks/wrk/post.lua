-- POSTs the JSON body in the file named by the BODY environment variable (wrk -s post.lua).
local file = assert(io.open(os.getenv("BODY"), "r"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
