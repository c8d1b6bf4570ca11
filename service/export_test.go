package service

// SetAfterPublish sets the hook that runs between publishing a job's
// result and acknowledging the job: the tests crash a worker there.
func SetAfterPublish(c *Config, f func(*Job)) { c.afterPublish = f }
